import { billingApi } from '@keydeck/contract/billing.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import { registerAdminBilling } from './admin-billing.routes.ts';
import { cardName } from './billing-audit.ts';
import * as billing from './billing.service.ts';
import { createStripeClient, requireStripe } from './stripe-client.ts';
import { registerStripeWebhook } from './stripe-webhook.routes.ts';

/**
 * Spec §2 /v2/home/settings/billing: what the account can buy and has, its cards (added through Stripe Elements:
 * card data never reaches Keydeck), subscriptions, invoices and the next charge. Viewing needs company:read,
 * buying and changing company:manage. Every call answers 503 while the platform has no Stripe keys.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const client = createStripeClient(deps.config.stripe);
  const stripe = () => requireStripe(client);
  const view = { permission: Permission.companyRead } as const;
  const manage = { permission: Permission.companyManage } as const;
  const account = (request: FastifyRequest) => principalOf(request).account.id;

  routes.route({
    ...declared(billingApi.listBillingOffers),
    config: view,
    handler: async (request) => ({ data: await billing.catalogue(request.tx, stripe(), account(request)) }),
  });

  routes.route({
    ...declared(billingApi.createSetupIntent),
    config: manage,
    audit: { action: 'billing.setup_intent', target: ({ request }) => principalOf(request).account.name },
    handler: async (request) => {
      const intent = await billing.startCardSetup(request.tx, stripe(), principalOf(request));
      return { data: { client_secret: intent.clientSecret, publishable_key: deps.config.stripe!.publishableKey } };
    },
  });

  routes.route({
    ...declared(billingApi.listPaymentMethods),
    config: view,
    handler: async (request) => ({ data: await billing.paymentMethods(request.tx, stripe(), account(request)) }),
  });

  routes.route({
    ...declared(billingApi.setDefaultPaymentMethod),
    config: manage,
    audit: { action: 'billing.payment_method.default', target: ({ params, result }) => ({ id: params.payment_method_id, name: cardName(result?.data, params.payment_method_id) }) },
    handler: async (request) => ({ data: await billing.makeDefault(request.tx, stripe(), account(request), request.params.payment_method_id) }),
  });

  routes.route({
    ...declared(billingApi.removePaymentMethod),
    config: manage,
    audit: { action: 'billing.payment_method.remove', target: ({ params }) => params.payment_method_id },
    handler: async (request) => ({ data: await billing.removePaymentMethod(request.tx, stripe(), account(request), request.params.payment_method_id) }),
  });

  routes.route({
    ...declared(billingApi.buyService),
    config: manage,
    audit: { action: 'billing.purchase', target: ({ body, result }) => ({ id: result?.data.service_id ?? body.price_id, name: body.service.name }) },
    handler: async (request, reply) => {
      const bought = await billing.purchase(request.tx, stripe(), principalOf(request), request.body, request.id);
      reply.status(201);
      return { data: { subscription: bought.subscription, service_id: bought.serviceId } };
    },
  });

  routes.route({
    ...declared(billingApi.listSubscriptions),
    config: view,
    handler: async (request) => ({ data: await billing.subscriptions(request.tx, account(request)) }),
  });

  routes.route({
    ...declared(billingApi.cancelSubscription),
    config: manage,
    audit: { action: 'billing.subscription.cancel', target: ({ params, result }) => ({ id: params.subscription_id, name: result?.data.product_name }) },
    handler: async (request) => ({ data: await billing.cancelAtPeriodEnd(request.tx, stripe(), account(request), request.params.subscription_id) }),
  });

  routes.route({
    ...declared(billingApi.listInvoices),
    config: view,
    handler: async (request) => ({ data: await billing.invoices(request.tx, stripe(), account(request)) }),
  });

  routes.route({
    ...declared(billingApi.getUpcomingCharge),
    config: view,
    handler: async (request) => ({ data: await billing.upcoming(request.tx, stripe(), account(request)) }),
  });

  registerAdminBilling(app, stripe);
  registerStripeWebhook(app, deps, client);
}
