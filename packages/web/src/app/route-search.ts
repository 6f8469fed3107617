import { z } from 'zod';

const optionalText = z.string().trim().min(1).max(2048).optional();

/** Search params of the login group: continue is carried between login pages (spec §2). */
export interface ContinueSearch {
  continue?: string;
}

export interface LoginSearch extends ContinueSearch {
  account_slug?: string;
}

/** A malformed value is dropped rather than failing the page: these params come from links and redirects. */
function text(value: unknown): string | undefined {
  const parsed = optionalText.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function validateContinueSearch(search: Record<string, unknown>): ContinueSearch {
  const target = text(search.continue);
  return target === undefined ? {} : { continue: target };
}

export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  const slug = text(search.account_slug);
  return { ...validateContinueSearch(search), ...(slug === undefined ? {} : { account_slug: slug }) };
}
