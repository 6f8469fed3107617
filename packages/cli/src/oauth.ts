import { createHash, randomBytes } from 'node:crypto';
import { OAUTH_ISSUER_PATH } from '@keydeck/contract/oauth';
import { z } from 'zod';
import { CliError } from './errors.ts';
import { ExitCode } from './exit-codes.ts';

/**
 * The console's authorization server (oidc-provider at OAUTH_ISSUER_PATH) as a public client sees it. Its endpoints
 * are not the console's API and have no declarations: their addresses come from its discovery document (RFC 8414),
 * and the requests are the standard's (RFC 6749, RFC 7636 PKCE, RFC 7009 revocation).
 */
const discovery = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  revocation_endpoint: z.string().optional(),
});
export type AuthorizationServer = z.infer<typeof discovery>;

const tokenAnswer = z.object({ access_token: z.string(), expires_in: z.number(), refresh_token: z.string().optional(), scope: z.string().optional() });
export type OAuthTokens = z.infer<typeof tokenAnswer>;
const oauthError = z.object({ error: z.string(), error_description: z.string().optional() });

async function answerOf(response: Response): Promise<unknown> {
  return response.json().catch(() => undefined);
}

export async function discover(url: string): Promise<AuthorizationServer> {
  const response = await fetch(`${url}${OAUTH_ISSUER_PATH}/.well-known/openid-configuration`).catch((cause: unknown) => {
    throw new CliError(`${url}: the server could not be reached (${cause instanceof Error ? cause.message : String(cause)})`, ExitCode.server);
  });
  const parsed = discovery.safeParse(await answerOf(response));
  if (!response.ok || !parsed.success) throw new CliError(`${url} has no OAuth authorization server (${response.status})`, ExitCode.server);
  return parsed.data;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** PKCE (RFC 7636, S256): a one-time verifier kept here, its challenge sent with the authorization request. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = base64url(randomBytes(32));
  return { verifier, challenge: base64url(createHash('sha256').update(verifier).digest()) };
}

export const randomState = () => base64url(randomBytes(16));

/** The authorization request: a refresh token needs offline_access, which OpenID Connect honours only with prompt=consent. */
export function authorizationUrl(server: AuthorizationServer, request: { clientId: string; redirectUri: string; scope: string; state: string; challenge: string }): string {
  const url = new URL(server.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    scope: `openid offline_access ${request.scope}`.trim(),
    prompt: 'consent',
    state: request.state,
    code_challenge: request.challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.href;
}

/** A token request of a public client (its id in the form, no secret); a refusal in RFC 6749 §5.2's words exits 3. */
async function tokenRequest(server: AuthorizationServer, form: Record<string, string>): Promise<OAuthTokens> {
  const response = await fetch(server.token_endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
  }).catch((cause: unknown) => {
    throw new CliError(`The authorization server could not be reached (${cause instanceof Error ? cause.message : String(cause)})`, ExitCode.server);
  });
  const body = await answerOf(response);
  if (!response.ok) {
    const refusal = oauthError.safeParse(body);
    const text = refusal.success ? (refusal.data.error_description ?? refusal.data.error) : `the token endpoint answered ${response.status}`;
    throw new CliError(`Sign-in refused: ${text}`, response.status >= 500 ? ExitCode.server : ExitCode.refused);
  }
  const tokens = tokenAnswer.safeParse(body);
  if (!tokens.success) throw new CliError('The token endpoint answered no access token', ExitCode.server);
  return tokens.data;
}

export const exchangeCode = (server: AuthorizationServer, clientId: string, code: string, redirectUri: string, verifier: string) =>
  tokenRequest(server, { grant_type: 'authorization_code', client_id: clientId, code, redirect_uri: redirectUri, code_verifier: verifier });

export const refreshTokens = (server: AuthorizationServer, clientId: string, refreshToken: string) =>
  tokenRequest(server, { grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken });

/** Revokes a token (RFC 7009); the server answers 200 even for one it no longer knows. */
export async function revoke(server: AuthorizationServer, clientId: string, token: string, hint: 'refresh_token' | 'access_token'): Promise<void> {
  if (!server.revocation_endpoint) return;
  const response = await fetch(server.revocation_endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: clientId, token, token_type_hint: hint }).toString(),
  });
  if (!response.ok) throw new CliError(`Revoking the ${hint.replace('_', ' ')} failed (${response.status})`, ExitCode.server);
}
