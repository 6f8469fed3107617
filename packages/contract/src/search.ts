import { z } from 'zod';
import { Messages } from './messages.ts';

/** What the console's global search finds (issue 27): each kind is looked for only where the caller may see it. */
export const SEARCH_KINDS = ['key', 'device', 'certificate', 'user', 'account', 'cloud_hsm'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Shorter queries would match most of a tenant; the limit bounds each kind's share of the answer. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_DEFAULT_LIMIT = 8;
export const SEARCH_MAX_LIMIT = 25;

/** GET search: q matched by exact value or prefix (a KCV, serial, fingerprint or address) or by name prefix. */
export const searchQuery = z.object({
  q: z.string().trim().min(SEARCH_MIN_LENGTH, Messages.searchTooShort(SEARCH_MIN_LENGTH)).max(SEARCH_MAX_LENGTH),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
});
export type SearchQuery = z.output<typeof searchQuery>;

/**
 * One object found. detail says what identifies it beside its name (a key's KCV, a certificate's fingerprint);
 * service_id and service_name name the service holding it (null for users, accounts), where the console opens it.
 */
export const searchResult = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  label: z.string(),
  detail: z.string(),
  service_id: z.string().uuid().nullable(),
  service_name: z.string().nullable(),
});
export type SearchResult = z.output<typeof searchResult>;

export const searchResponse = z.object({ results: z.array(searchResult) });
export type SearchResponse = z.output<typeof searchResponse>;
