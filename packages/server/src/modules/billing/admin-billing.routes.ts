import { billingApi } from '@keydeck/contract/billing.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared } from '../../platform/endpoint-route.ts';
import type Stripe from 'stripe';
import * as admin from './admin-billing.service.ts';
import { paymentName } from './billing-audit.ts';

/** Spec §2 /v2/admin/payments-stripe, the account's stripe tab and /admin-dashboards/cryptohub_setuptintents: platform administrators only. */
export function registerAdminBilling(app: FastifyInstance, stripe: () => Stripe): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: Permission.platformAdmin } as const;

  routes.route({
    ...declared(billingApi.listPayments),
    config,
    handler: (request) => admin.listPayments(request.tx, request.query),
  });

  routes.route({
    ...declared(billingApi.refundPayment),
    config,
    audit: { action: 'billing.payment.refund', target: ({ params, result }) => ({ id: params.invoice_id, name: paymentName(result?.data) }), account: ({ result }) => result?.data.account.id ?? null },
    handler: async (request) => ({ data: await admin.refund(request.tx, stripe(), request.params.invoice_id) }),
  });

  routes.route({
    ...declared(billingApi.retryPayment),
    config,
    audit: { action: 'billing.payment.retry', target: ({ params, result }) => ({ id: params.invoice_id, name: paymentName(result?.data) }), account: ({ result }) => result?.data.account.id ?? null },
    handler: async (request) => ({ data: await admin.retry(request.tx, stripe(), request.params.invoice_id) }),
  });

  routes.route({
    ...declared(billingApi.getAccountBilling),
    config,
    handler: async (request) => ({ data: await admin.accountBilling(request.tx, stripe(), request.params.account_id) }),
  });

  routes.route({
    ...declared(billingApi.getSetupIntentStats),
    config,
    handler: async (request) => ({ data: await admin.setupIntentStats(request.tx, request.query.days) }),
  });
}
