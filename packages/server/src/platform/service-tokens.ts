import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'keydeck';
const AUDIENCE = 'keydeck-service';

/**
 * Bearer tokens of services with use_jwt: a short-lived HS256 JWT naming the service session. The session row stays
 * the authority (sign-out and service logout revoke it); the token only proves which session the caller holds.
 */
export function createServiceTokens(key: Uint8Array) {
  return {
    issue(claims: { sessionId: string; serviceId: string; expiresAt: Date }): Promise<string> {
      return new SignJWT({ svc: claims.serviceId })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(claims.sessionId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
        .sign(key);
    },

    /** The session a token names, or null when it is forged, expired or not one of ours. */
    async verify(token: string): Promise<{ sessionId: string; serviceId: string } | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.svc !== 'string') return null;
        return { sessionId: payload.sub, serviceId: payload.svc };
      } catch {
        return null;
      }
    },
  };
}

export type ServiceTokens = ReturnType<typeof createServiceTokens>;
