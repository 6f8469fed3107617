import { useCallback } from 'react';
import type { RegisteredRouter, RouteApi, RouteIds, ValidateUseSearchResult } from '@tanstack/react-router';
import type { z } from 'zod';

/** The list state every DataTable keeps in the URL (spec §9 names and defaults). */
export interface ListState {
  page: number;
  page_size: number;
  order?: 'asc' | 'desc';
  order_by?: string;
  search?: string;
  /** Keyset paging (contract/paging.ts): where the shown page came from; any other change starts afresh. */
  after?: string;
  before?: string;
  last?: boolean;
}

export type ListStatePatch = Partial<{ [K in keyof ListState]: ListState[K] | undefined }>;

/**
 * A route's validateSearch built from a contract query schema. Search params come from links,
 * bookmarks and hand-edited URLs: a malformed value falls back to the field's default (or is dropped)
 * instead of failing the whole page, and an empty text counts as absent.
 */
export function lenientSearch<S extends z.ZodObject>(schema: S): (search: Record<string, unknown>) => z.output<S> {
  const shape = schema.shape as Record<string, z.ZodType>;
  return (search) => {
    const result: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(shape)) {
      const raw = search[key] === '' ? undefined : search[key];
      const parsed = field.safeParse(raw);
      const value = parsed.success ? parsed.data : field.safeParse(undefined).data;
      if (value !== undefined) result[key] = value;
    }
    return result as z.output<S>;
  };
}

/** The schema's defaults (page 1, page_size 10, …): search params equal to them are left out of URLs. */
export function searchDefaults<S extends z.ZodObject>(schema: S): Partial<z.output<S>> {
  return lenientSearch(schema)({}) as Partial<z.output<S>>;
}

type ListSearch<Id> = ValidateUseSearchResult<{ from: Id }>;
type SearchPatch<S> = Partial<{ [K in keyof S]: S[K] | undefined }>;

/**
 * A list page's state in the URL: the route's search, and the patch that paging, sorting and filters apply to it
 * (give both to the DataTable as `list`). The patch is spread over the current search and validateSearch re-checks
 * whatever lands in the URL, so the DataTable's plain ListState patch is taken as it is.
 */
export function useListSearch<Id extends RouteIds<RegisteredRouter['routeTree']>>(
  route: RouteApi<Id>,
): { state: ListSearch<Id>; onChange: (patch: SearchPatch<ListSearch<Id>> | ListStatePatch) => void } {
  const state = route.useSearch() as ListSearch<Id>;
  const navigate = route.useNavigate() as (options: { search: (prev: object) => object }) => Promise<void>;
  const onChange = useCallback((patch: object) => void navigate({ search: (prev) => withoutStaleCursor(prev, patch) }), [navigate]);
  return { state, onChange };
}

const CURSOR_KEYS = ['after', 'before', 'last'] as const;

/**
 * The search after a patch. A cursor belongs to the page it came from: a patch that names none (another page size,
 * order, search or filter, or a jump) drops it. Keys are left out rather than set undefined, so a patch that
 * changes nothing leaves the same search, and the router does not navigate.
 */
export function withoutStaleCursor(prev: object, patch: object): object {
  const next: Record<string, unknown> = { ...prev, ...patch };
  for (const key of CURSOR_KEYS) if (!(key in patch)) delete next[key];
  return next;
}
