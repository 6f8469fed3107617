/**
 * The protective headers of every answer of the authorization server, which answers outside Fastify's hooks (and so
 * without the console's helmet headers). Its pages (errors, logout) have inline style only; form_post's inline
 * script gets its hash added to script-src by oidc-provider itself. No form-action: form_post submits to the
 * client's own redirect URI, which no static list knows.
 */
export const AUTHORIZATION_SERVER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};
