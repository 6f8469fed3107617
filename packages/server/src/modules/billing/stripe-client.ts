import { BillingMessages } from '@keydeck/contract/billing';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { refused, unavailable } from '../../platform/errors.ts';

/**
 * The one Stripe client (the official SDK), or null when the platform has no Stripe keys. Host, port and protocol
 * point it at a Stripe-compatible server in tests; the same code talks to api.stripe.com with real keys.
 */
export function createStripeClient(config: Config['stripe']): Stripe | null {
  if (!config) return null;
  return new Stripe(config.secretKey, {
    ...(config.host ? { host: config.host } : {}),
    ...(config.port ? { port: config.port } : {}),
    ...(config.protocol ? { protocol: config.protocol } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Keydeck console' },
  });
}

/** The client, or 503 with the catalogue's text when billing is off. */
export function requireStripe(stripe: Stripe | null): Stripe {
  if (!stripe) throw unavailable('billing_not_configured', BillingMessages.notConfigured, 3600);
  return stripe;
}

/**
 * Runs a Stripe call; a declined card becomes a 402-style refusal the user can act on, anything else from Stripe a
 * 503 (the message stays in the log, never in the answer).
 */
export async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw refused('card_declined', BillingMessages.cardDeclined(error.message));
    if (error instanceof Stripe.errors.StripeError) throw unavailable(`stripe_${error.type}`, 'Stripe could not complete the request: try again in a moment.', 30);
    throw error;
  }
}
