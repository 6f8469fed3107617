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

/** /forgot: its form's fields may come prefilled from the query (spec §2: the query is its input). */
export interface ForgotSearch extends ContinueSearch {
  username?: string;
  account_code?: string;
}

export function validateForgotSearch(search: Record<string, unknown>): ForgotSearch {
  const username = text(search.username);
  const accountCode = text(search.account_code);
  return {
    ...validateContinueSearch(search),
    ...(username === undefined ? {} : { username }),
    ...(accountCode === undefined ? {} : { account_code: accountCode }),
  };
}

/** /forgot/verify and /forgot/reset: the mailed link's token, and invite=1 for an invitation. */
export interface PasswordLinkSearch extends ContinueSearch {
  token?: string;
  invite?: 1;
}

export function validatePasswordLinkSearch(search: Record<string, unknown>): PasswordLinkSearch {
  const token = text(search.token);
  return {
    ...validateContinueSearch(search),
    ...(token === undefined ? {} : { token }),
    ...(String(search.invite) === '1' ? { invite: 1 as const } : {}),
  };
}

/** /register (the confirmation mail's token), /register/azure and /google-marketplace (the marketplace's token). */
export interface TokenSearch {
  token?: string;
}

const tokenText = z.string().trim().min(1).max(4096);

export function validateTokenSearch(search: Record<string, unknown>): TokenSearch {
  const parsed = tokenText.safeParse(search.token);
  return parsed.success ? { token: parsed.data } : {};
}

/** What an OpenID provider may put on its redirect back to /login/openid/complete (RFC 6749 §4.1.2, RFC 9207). */
const OPENID_RESPONSE_PARAMS = ['code', 'state', 'iss', 'session_state', 'error', 'error_description'] as const;
export type OpenidCompleteSearch = Partial<Record<(typeof OPENID_RESPONSE_PARAMS)[number], string>>;

/** /login/openid/complete: the provider's answer, passed through to the server as text. */
export function validateOpenidCompleteSearch(search: Record<string, unknown>): OpenidCompleteSearch {
  return Object.fromEntries(OPENID_RESPONSE_PARAMS.flatMap((key) => (search[key] === undefined ? [] : [[key, String(search[key])]])));
}

/** /oauth/authorize: the authorization server's interaction id (oidc-provider's uid), checked by the server. */
export interface OAuthAuthorizeSearch {
  uid?: string;
}

export function validateOAuthAuthorizeSearch(search: Record<string, unknown>): OAuthAuthorizeSearch {
  const uid = text(search.uid);
  return uid === undefined ? {} : { uid };
}
