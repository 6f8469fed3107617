import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { customerRoutes } from './stripe-server/customers.ts';
import { invoiceDocumentRoutes } from './stripe-server/invoice-documents.ts';
import { invoiceRoutes } from './stripe-server/invoices.ts';
import type { Obj, Req, Res } from './stripe-server/mock.ts';
import { RestError, authRoute, express, idempotencyRoute, mockRoutes } from './stripe-server/mock.ts';
import { paymentMethodRoutes } from './stripe-server/payment-methods.ts';
import { paymentRoutes } from './stripe-server/payments.ts';
import { priceRoutes } from './stripe-server/prices.ts';
import { publishableKeyRoutes, setupIntentRoutes } from './stripe-server/setup-intents.ts';
import { Store, newId, nowSeconds } from './stripe-server/store.ts';
import { failRenewal, subscriptionRoutes } from './stripe-server/subscriptions.ts';

export type StripeServer = {
  host: string;
  port: number;
  protocol: 'http';
  url: string;
  apiKey: string;
  webhookSecret: string;
  /** An SDK client pointed at the harness. */
  stripe: Stripe;
  /** Signs an event the way Stripe does and POSTs it to a webhook endpoint. */
  sendEvent(url: string, type: string, object: object): Promise<Response>;
  /** The same, not sent: post it with postEvent(), once, twice or out of order. */
  signedEvent(type: string, object: object): SignedEvent;
  /** A renewal declined by the issuer: the open subscription_cycle invoice (attempt_count 1); the subscription is past_due. */
  failRenewal(subscriptionId: string): Stripe.Invoice;
  close(): Promise<void>;
};

/** A Stripe event as Stripe sends it to a webhook endpoint. */
export function stripeEvent(type: string, object: object): Obj {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/**
 * An event and its `stripe-signature` header, made with the SDK's own test signer; POST them as they
 * are, again (a duplicate delivery) or in any order.
 */
export type SignedEvent = { event: Obj; payload: string; header: string };

export function signedEvent(stripe: Stripe, secret: string, type: string, object: object): SignedEvent {
  const event = stripeEvent(type, object);
  const payload = JSON.stringify(event, null, 2);
  return { event, payload, header: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

export function postEvent(url: string, signed: { payload: string; header: string }): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.header, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
    body: signed.payload,
  });
}

/**
 * A stateful Stripe for tests on 127.0.0.1: stripe-stateful-mock's express routes (customers, products,
 * prices, charges, refunds...) with the harness's routes in front of them for what the mock lacks or gets
 * wrong (setup intents, payment methods, subscriptions with invoices and payments, invoices, previews,
 * refunds by payment intent). The product's unchanged Stripe SDK reaches it by host, port and protocol.
 */
/** Stripe's error envelope, as the mock's own app answers. */
function stripeErrors(err: unknown, _req: Req, res: Res, _next: unknown): void {
  if (err instanceof RestError) return void res.status(err.statusCode).json({ error: err.error });
  res.status(500).json({ error: { type: 'api_error', message: `Unexpected error: ${(err as Error).message}` } });
}

export async function startStripeServer(): Promise<StripeServer> {
  const store = new Store();
  const app = express();
  app.use(express.urlencoded({ extended: true }));
  // Stripe-hosted pages and Stripe.js's publishable-key calls come before the secret-key check.
  app.use(invoiceDocumentRoutes(store), publishableKeyRoutes(store));
  app.use(authRoute, idempotencyRoute);
  app.use(
    customerRoutes(store),
    priceRoutes(store),
    paymentMethodRoutes(store),
    setupIntentRoutes(store),
    paymentRoutes(store),
    invoiceRoutes(store),
    subscriptionRoutes(store),
  );
  app.use(mockRoutes);
  app.use(stripeErrors);
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  store.url = url;
  const apiKey = `sk_test_${newId('keydeck').slice(8)}`;
  const webhookSecret = `whsec_${newId('x', 32).slice(2)}`;
  const stripe = new Stripe(apiKey, { host: '127.0.0.1', port, protocol: 'http' });
  return {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    url,
    apiKey,
    webhookSecret,
    stripe,
    signedEvent: (type, object) => signedEvent(stripe, webhookSecret, type, object),
    sendEvent: (target, type, object) => postEvent(target, signedEvent(stripe, webhookSecret, type, object)),
    failRenewal: (subscriptionId) => failRenewal(store, subscriptionId) as Stripe.Invoice,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
