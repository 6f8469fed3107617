import { SignJWT, decodeJwt, jwtVerify } from 'jose';

const ISSUER = 'keydeck';
const AUDIENCE = 'keydeck-api';

/**
 * Bearer tokens of API credentials (OAuth 2 client credentials): a short-lived HS256 JWT naming the credential and
 * nothing else. The credential row stays the authority: every call re-reads it with its owner's permissions, so a
 * revoked credential is refused on its next call whatever tokens it holds.
 */
export function createCredentialTokens(key: Uint8Array) {
  return {
    issue(credentialId: string, lifetimeSeconds: number): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(credentialId)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(key);
    },

    /** The credential a token names, or null when it is forged or expired. */
    async verify(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}

/**
 * Whether a bearer token claims to be a credential's (by its audience, unverified): service session tokens travel in
 * the same header and are left to the service-access check.
 */
export function isCredentialToken(token: string): boolean {
  try {
    const aud = decodeJwt(token).aud;
    return aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE));
  } catch {
    return false;
  }
}

export type CredentialTokens = ReturnType<typeof createCredentialTokens>;
