import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/** What the card form says when Stripe.js cannot run in this browser; nothing else on the page depends on it. */
export const STRIPE_UNAVAILABLE =
  'Card entry is unavailable: Stripe.js could not be loaded from js.stripe.com. Check your network or content blocker, then reload.';

/** A script that neither loads nor fails (a silently dropped connection) counts as failed after this long. */
const LOAD_TIMEOUT_MS = 15_000;

const loading = new Map<string, Promise<Stripe>>();

/**
 * Stripe.js for a publishable key, loaded from js.stripe.com on first use (the pure entry injects nothing on
 * import, so the billing pages that never take a card never ask for it). Rejects when the script is blocked,
 * unreachable, slow past the timeout or resolves null; a later call tries again.
 */
export function loadStripeJs(publishableKey: string): Promise<Stripe> {
  const cached = loading.get(publishableKey);
  if (cached) return cached;
  const attempt = new Promise<Stripe>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(STRIPE_UNAVAILABLE)), LOAD_TIMEOUT_MS);
    loadStripe(publishableKey)
      .then((stripe) => (stripe ? resolve(stripe) : reject(new Error(STRIPE_UNAVAILABLE))), () => reject(new Error(STRIPE_UNAVAILABLE)))
      .finally(() => clearTimeout(timer));
  });
  loading.set(publishableKey, attempt);
  attempt.catch(() => loading.delete(publishableKey));
  return attempt;
}
