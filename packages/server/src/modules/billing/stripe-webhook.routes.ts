import { billingApi } from '@keydeck/contract/billing.api';
import { BillingMessages } from '@keydeck/contract/billing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared } from '../../platform/endpoint-route.ts';
import type Stripe from 'stripe';
import type { AppDeps } from '../../platform/app-deps.ts';
import { refused, unavailable } from '../../platform/errors.ts';
import { preparedValue } from '../../platform/prepared-value.ts';
import { applyEvent, type WebhookOutcome } from './stripe-webhooks.service.ts';

/** The verified event, read before the handler's transaction (its audit names it). */
const verified = preparedValue<{ event: Stripe.Event; outcome?: WebhookOutcome }>();

/**
 * Stripe's webhook endpoint: the raw body is verified against the Stripe-Signature header with the endpoint's
 * secret (the SDK's constructEvent, which also refuses stale timestamps) before anything is read from it; a bad
 * signature is a 400 that changes nothing. Each event id is applied once (a repeat answers 200 and changes nothing).
 */
export function registerStripeWebhook(app: FastifyInstance, deps: AppDeps, stripe: Stripe | null): void {
  const billingUrl = `${deps.config.mail.publicUrl}/v2/home/settings/billing/payment-methods`;
  void app.register(async (scope) => {
    // The signature is over the exact bytes Stripe sent: keep them as they came (in place of the app's JSON parser).
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().route({
      ...declared(billingApi.receiveStripeEvent),
      config: { public: true, systemScope: true, withoutAntiForgery: true },
      audit: {
        action: 'billing.webhook',
        target: ({ request }) => {
          const event = verified.of(request)?.event;
          return event ? { id: event.id, name: event.type } : undefined;
        },
        account: ({ request }) => verified.of(request)?.outcome?.accountId ?? null,
      },
      preHandler: async (request) => {
        if (!stripe || !deps.config.stripe) throw unavailable('billing_not_configured', BillingMessages.notConfigured, 3600);
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw refused('bad_signature', 'The event is not signed by Stripe');
        try {
          verified.set(request, { event: stripe.webhooks.constructEvent(request.body, signature, deps.config.stripe.webhookSecret) });
        } catch {
          throw refused('bad_signature', 'The event is not signed by Stripe');
        }
      },
      handler: async (request) => {
        const prepared = verified.of(request);
        const outcome = await applyEvent(request.tx, prepared.event, billingUrl);
        prepared.outcome = outcome;
        const mail = outcome.mail;
        if (mail) request.afterCommit.push(async () => void (await deps.mailer.send(mail).catch((err: unknown) => request.log.warn({ err }, 'past-due mail not sent'))));
        return { received: true as const, duplicate: outcome.duplicate };
      },
    });
  });
}
