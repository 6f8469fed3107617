import {
  billingCatalogueResponse,
  invoicesResponse,
  paymentMethodParams,
  paymentMethodsResponse,
  purchaseBody,
  purchaseResponse,
  setupIntentResponse,
  subscriptionParams,
  subscriptionResponse,
  subscriptionsResponse,
  upcomingResponse,
} from '@keydeck/contract/billing';
import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { registerAdminBilling } from './admin-billing.routes.ts';
import * as billing from './billing.service.ts';
import { createStripeClient, requireStripe } from './stripe-client.ts';
import { registerStripeWebhook } from './stripe-webhook.routes.ts';

const tags = ['Billing'];

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
  const account = (request: { principal: { account: { id: string } } | null }) => request.principal!.account.id;

  routes.get(ApiPath.billingCatalogue, {
    schema: {
      operationId: 'listBillingOffers',
      summary: 'List services to buy',
      description: "The service types on sale with their Stripe prices (the products' metadata names the service type), and how many of each the account has.",
      tags,
      response: { 200: billingCatalogueResponse },
    },
    config: view,
    handler: async (request) => ({ data: await billing.catalogue(request.tx, stripe(), account(request)) }),
  });

  routes.post(ApiPath.billingSetupIntents, {
    schema: {
      operationId: 'createSetupIntent',
      summary: 'Start adding a card',
      description: "Creates a Stripe SetupIntent for the account's customer (made on first use) and answers its client secret with the publishable key, for Stripe Elements to confirm in the browser.",
      tags,
      response: { 200: setupIntentResponse },
    },
    config: manage,
    audit: { action: 'billing.setup_intent', target: ({ request }) => request.principal!.account.name },
    handler: async (request) => {
      const intent = await billing.startCardSetup(request.tx, stripe(), request.principal!);
      return { data: { client_secret: intent.clientSecret, publishable_key: deps.config.stripe!.publishableKey } };
    },
  });

  routes.get(ApiPath.billingPaymentMethods, {
    schema: { operationId: 'listPaymentMethods', summary: 'List cards', description: "The account's cards (brand, last four digits, expiry) and which one is charged.", tags, response: { 200: paymentMethodsResponse } },
    config: view,
    handler: async (request) => ({ data: await billing.paymentMethods(request.tx, stripe(), account(request)) }),
  });

  routes.put(ApiPath.billingPaymentMethodDefault, {
    schema: {
      operationId: 'setDefaultPaymentMethod',
      summary: 'Charge this card',
      description: "Makes one of the account's cards the one its subscriptions are charged to.",
      tags,
      params: paymentMethodParams,
      response: { 200: paymentMethodsResponse },
    },
    config: manage,
    audit: { action: 'billing.payment_method.default', target: ({ params }) => params.payment_method_id },
    handler: async (request) => ({ data: await billing.makeDefault(request.tx, stripe(), account(request), request.params.payment_method_id) }),
  });

  routes.delete(ApiPath.billingPaymentMethod, {
    schema: { operationId: 'removePaymentMethod', summary: 'Remove a card', description: "Detaches a card from the account's customer.", tags, params: paymentMethodParams, response: { 200: paymentMethodsResponse } },
    config: manage,
    audit: { action: 'billing.payment_method.remove', target: ({ params }) => params.payment_method_id },
    handler: async (request) => ({ data: await billing.removePaymentMethod(request.tx, stripe(), account(request), request.params.payment_method_id) }),
  });

  routes.post(ApiPath.billingPurchases, {
    schema: {
      operationId: 'buyService',
      summary: 'Buy a service',
      description: 'Requests the service (Pending Approval, as a service request) and subscribes to its price, charged at once to the default card; a declined card refuses both (400).',
      tags,
      body: purchaseBody,
      response: { 201: purchaseResponse },
    },
    config: manage,
    audit: { action: 'billing.purchase', target: ({ body, result }) => ({ id: result?.data.service_id ?? body.price_id, name: body.service.name }) },
    handler: async (request, reply) => {
      const bought = await billing.purchase(request.tx, stripe(), request.principal!, request.body, request.id);
      reply.status(201);
      return { data: { subscription: bought.subscription, service_id: bought.serviceId } };
    },
  });

  routes.get(ApiPath.billingSubscriptions, {
    schema: { operationId: 'listSubscriptions', summary: 'List subscriptions', description: "The account's subscriptions with their service, price, status and period end.", tags, response: { 200: subscriptionsResponse } },
    config: view,
    handler: async (request) => ({ data: await billing.subscriptions(request.tx, account(request)) }),
  });

  routes.post(ApiPath.billingSubscriptionCancel, {
    schema: {
      operationId: 'cancelSubscription',
      summary: 'Cancel at period end',
      description: 'The subscription stays active until the end of the period paid for, then is not renewed.',
      tags,
      params: subscriptionParams,
      response: { 200: subscriptionResponse },
    },
    config: manage,
    audit: { action: 'billing.subscription.cancel', target: ({ params, result }) => ({ id: params.subscription_id, name: result?.data.product_name }) },
    handler: async (request) => ({ data: await billing.cancelAtPeriodEnd(request.tx, stripe(), account(request), request.params.subscription_id) }),
  });

  routes.get(ApiPath.billingInvoices, {
    schema: { operationId: 'listInvoices', summary: 'List invoices', description: "The account's last 24 invoices from Stripe, with their PDF and hosted page.", tags, response: { 200: invoicesResponse } },
    config: view,
    handler: async (request) => ({ data: await billing.invoices(request.tx, stripe(), account(request)) }),
  });

  routes.get(ApiPath.billingUpcoming, {
    schema: { operationId: 'getUpcomingCharge', summary: 'Get the next charge', description: 'What Stripe will collect next and when; null when no subscription renews.', tags, response: { 200: upcomingResponse } },
    config: view,
    handler: async (request) => ({ data: await billing.upcoming(request.tx, stripe(), account(request)) }),
  });

  registerAdminBilling(app, stripe);
  registerStripeWebhook(app, deps, client);
}
