import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Anti-forgery tokens (spec §7: cookie VCSRF-TOKEN echoed in header X-VCSRF-TOKEN).
 * A token is `nonce.hmac(secret, binding.nonce)`, where the binding is the session's hash, or 'anonymous'
 * before sign-in. A token minted for one session is worthless in another, and a new one is issued at sign-in
 * and sign-out because the binding changes.
 */
export const ANONYMOUS_BINDING = 'anonymous';
const KNOWN_TOKENS = 10_000;

export function createAntiForgery(secret: string) {
  // Every answer checks the visitor's token: the key is prepared once, not on each check.
  const key = createSecretKey(Buffer.from(secret));
  const mac = (binding: string, nonce: string) => createHmac('sha256', key).update(`${binding}.${nonce}`).digest('base64url');
  // A browser sends the same token with every request: each one checked good is remembered with its binding (the
  // oldest forgotten past KNOWN_TOKENS), so the MAC is computed once per token and binding, not on every answer.
  const known = new Map<string, string>();

  return {
    issue(binding: string): string {
      const nonce = randomBytes(16).toString('base64url');
      return `${nonce}.${mac(binding, nonce)}`;
    },

    /** True when the token was issued for this binding. */
    isValid(token: string | undefined, binding: string): boolean {
      if (!token) return false;
      if (known.get(token) === binding) return true;
      const [nonce, given, ...rest] = token.split('.');
      if (!nonce || !given || rest.length > 0) return false;
      const expected = Buffer.from(mac(binding, nonce));
      const actual = Buffer.from(given);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return false;
      if (known.size >= KNOWN_TOKENS) known.delete(known.keys().next().value!);
      known.set(token, binding);
      return true;
    },
  };
}

export type AntiForgery = ReturnType<typeof createAntiForgery>;
