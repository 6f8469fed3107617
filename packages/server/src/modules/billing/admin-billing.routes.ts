import {
  accountBillingParams,
  accountBillingResponse,
  paymentParams,
  paymentResponse,
  paymentsPage,
  paymentsQuery,
  setupIntentStatsQuery,
  setupIntentStatsResponse,
} from '@keydeck/contract/billing';
import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import * as admin from './admin-billing.service.ts';

const tags = ['Payments'];

/** Spec §2 /v2/admin/payments-stripe, the account's stripe tab and /admin-dashboards/cryptohub_setuptintents: platform administrators only. */
export function registerAdminBilling(app: FastifyInstance, stripe: () => Stripe): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: Permission.platformAdmin } as const;

  routes.get(ApiPath.adminPayments, {
    schema: {
      operationId: 'listPayments',
      summary: "List every account's payments",
      description: 'Payments as recorded from Stripe events (one per invoice), searchable by account, invoice or product, filtered by status or account.',
      tags,
      querystring: paymentsQuery,
      response: { 200: paymentsPage },
    },
    config,
    handler: (request) => admin.listPayments(request.tx, request.query),
  });

  routes.post(ApiPath.adminPaymentRefund, {
    schema: { operationId: 'refundPayment', summary: 'Refund a payment', description: "Refunds a paid invoice's payment in full through Stripe (409 unless paid).", tags, params: paymentParams, response: { 200: paymentResponse } },
    config,
    audit: { action: 'billing.payment.refund', target: ({ params }) => params.invoice_id, account: ({ result }) => result?.data.account.id ?? null },
    handler: async (request) => ({ data: await admin.refund(request.tx, stripe(), request.params.invoice_id) }),
  });

  routes.post(ApiPath.adminPaymentRetry, {
    schema: { operationId: 'retryPayment', summary: 'Retry a failed payment', description: 'Asks Stripe to collect a failed invoice again now, with the default card (409 unless failed; 400 when declined again).', tags, params: paymentParams, response: { 200: paymentResponse } },
    config,
    audit: { action: 'billing.payment.retry', target: ({ params }) => params.invoice_id, account: ({ result }) => result?.data.account.id ?? null },
    handler: async (request) => ({ data: await admin.retry(request.tx, stripe(), request.params.invoice_id) }),
  });

  routes.get(ApiPath.adminAccountBilling, {
    schema: { operationId: 'getAccountBilling', summary: "Get an account's billing", description: "One account's Stripe customer, subscriptions and cards.", tags, params: accountBillingParams, response: { 200: accountBillingResponse } },
    config,
    handler: async (request) => ({ data: await admin.accountBilling(request.tx, stripe(), request.params.account_id) }),
  });

  routes.get(ApiPath.adminSetupIntentStats, {
    schema: {
      operationId: 'getSetupIntentStats',
      summary: 'Card setups over time',
      description: 'SetupIntents by state per day, and those stuck (unfinished for an hour) or failed.',
      tags,
      querystring: setupIntentStatsQuery,
      response: { 200: setupIntentStatsResponse },
    },
    config,
    handler: async (request) => ({ data: await admin.setupIntentStats(request.tx, request.query.days) }),
  });
}
