import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Anti-forgery tokens (spec §7: cookie VCSRF-TOKEN echoed in header X-VCSRF-TOKEN).
 * A token is `nonce.hmac(secret, binding.nonce)`, where the binding is the session's hash, or 'anonymous'
 * before sign-in. A token minted for one session is worthless in another, and a new one is issued at sign-in
 * and sign-out because the binding changes.
 */
export const ANONYMOUS_BINDING = 'anonymous';

export function createAntiForgery(secret: string) {
  // Every answer checks the visitor's token: the key is prepared once, not on each check.
  const key = createSecretKey(Buffer.from(secret));
  const mac = (binding: string, nonce: string) => createHmac('sha256', key).update(`${binding}.${nonce}`).digest('base64url');

  return {
    issue(binding: string): string {
      const nonce = randomBytes(16).toString('base64url');
      return `${nonce}.${mac(binding, nonce)}`;
    },

    /** True when the token was issued for this binding. */
    isValid(token: string | undefined, binding: string): boolean {
      if (!token) return false;
      const [nonce, given, ...rest] = token.split('.');
      if (!nonce || !given || rest.length > 0) return false;
      const expected = Buffer.from(mac(binding, nonce));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}

export type AntiForgery = ReturnType<typeof createAntiForgery>;
