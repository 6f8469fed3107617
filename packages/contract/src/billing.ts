import { z } from 'zod';
import { pageOf, pagingQuery } from './paging.ts';
import { serviceRequestBody } from './services.ts';

/**
 * Billing (spec §2 /v2/home/settings/billing with default child getmoreservices; /v2/admin/payments-stripe; the
 * account's stripe tab; /admin-dashboards/cryptohub_setuptintents). Prices and plans come from Stripe; card data
 * never touches Keydeck (Stripe Elements confirms a SetupIntent in the browser).
 */
export const BillingMessages = {
  notConfigured: 'Billing is not configured on this platform: contact the platform operator.',
  noPaymentMethod: 'Add a payment method before buying a service.',
  unknownPrice: 'This offer is no longer available: reload the page.',
  cardDeclined: (reason: string) => `The payment was refused: ${reason}`,
  notRefundable: 'Only a paid payment can be refunded.',
  notRetriable: 'Only a failed payment can be retried.',
  pastDueSubject: (service: string) => `Payment failed for ${service}`,
} as const;

const amount = z.object({ amount: z.number().int(), currency: z.string() });

/** One offer: a Stripe price of a product that names the service type it sells (product metadata service_type). */
export const billingOffer = z.object({
  price_id: z.string(),
  product_name: z.string(),
  description: z.string().nullable(),
  service_type: z.string(),
  service_type_label: z.string(),
  unit_amount: z.number().int(),
  currency: z.string(),
  interval: z.string(),
  /** Services of this type the account has now (any status but deleted). */
  owned: z.number().int(),
});
export type BillingOffer = z.infer<typeof billingOffer>;
export const billingCatalogueResponse = z.object({ data: z.array(billingOffer) });

export const paymentMethod = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  default: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const paymentMethodsResponse = z.object({ data: z.array(paymentMethod) });
export const paymentMethodParams = z.object({
  payment_method_id: z.string().regex(/^pm_[A-Za-z0-9_]{1,250}$/, 'Not a payment method').meta({ examples: ['pm_1QxYzA2eZvKYlo2CbT3kq9Lm'] }),
});

/** What Stripe Elements needs to confirm a SetupIntent in the browser. */
export const setupIntentResponse = z.object({ data: z.object({ client_secret: z.string(), publishable_key: z.string() }) });

export const SUBSCRIPTION_STATUSES = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  unpaid: 'Unpaid',
  paused: 'Paused',
};

export const subscription = z.object({
  id: z.string(),
  account_id: z.string(),
  stripe_subscription_id: z.string(),
  service: z.object({ id: z.string(), name: z.string(), type: z.string(), status: z.string() }).nullable(),
  product_name: z.string(),
  ...amount.shape,
  interval: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  created_at: z.string(),
});
export type Subscription = z.infer<typeof subscription>;
export const subscriptionsResponse = z.object({ data: z.array(subscription) });
export const subscriptionResponse = z.object({ data: subscription });
export const subscriptionParams = z.object({ subscription_id: z.uuid('Not a subscription') });

/** Buying a service: the offer, and the service it creates (a service request, as spec §4 POST service/services). */
export const purchaseBody = z.object({
  price_id: z.string().regex(/^price_[A-Za-z0-9_]{1,250}$/, 'Choose an offer').meta({ examples: ['price_1QxYzA2eZvKYlo2C8hQm4Ruv'] }),
  service: serviceRequestBody.omit({ type: true }),
});
export type PurchaseBody = z.infer<typeof purchaseBody>;
export const purchaseResponse = z.object({ data: z.object({ subscription, service_id: z.string() }) });

export const invoice = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string(),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  currency: z.string(),
  created: z.string(),
  invoice_pdf: z.string().nullable(),
  hosted_invoice_url: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoice>;
export const invoicesResponse = z.object({ data: z.array(invoice) });

/** The next charge: what Stripe will collect and when; null without a live subscription. */
export const upcomingResponse = z.object({ data: z.object({ ...amount.shape, date: z.string().nullable() }).nullable() });

export const PAYMENT_STATUSES = ['paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { paid: 'Paid', failed: 'Failed', refunded: 'Refunded' };

/** A payment as the platform records it from Stripe's events: one per invoice. */
export const payment = z.object({
  invoice_id: z.string(),
  account: z.object({ id: z.string(), name: z.string() }),
  subscription_id: z.string().nullable(),
  product_name: z.string().nullable(),
  ...amount.shape,
  status: z.enum(PAYMENT_STATUSES),
  failure_message: z.string().nullable(),
  attempt_count: z.number().int(),
  occurred_at: z.string(),
});
export type Payment = z.infer<typeof payment>;
export const paymentsPage = pageOf(payment);
export const paymentsQuery = pagingQuery(['occurred_at', 'amount'], 'occurred_at').extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(PAYMENT_STATUSES).optional(),
  account_id: z.uuid().optional(),
});
export type PaymentsQuery = z.infer<typeof paymentsQuery>;
export const paymentParams = z.object({
  invoice_id: z.string().regex(/^in_[A-Za-z0-9_]{1,250}$/, 'Not an invoice').meta({ examples: ['in_1QxYzA2eZvKYlo2CWq8Tn3Rd'] }),
});
export const paymentResponse = z.object({ data: payment });

/** One account's billing, for the account's stripe tab. */
export const accountBillingResponse = z.object({
  data: z.object({
    customer_id: z.string().nullable(),
    subscriptions: z.array(subscription),
    payment_methods: z.array(paymentMethod),
  }),
});
export const accountBillingParams = z.object({ account_id: z.uuid('Not a valid account id') });

export const SETUP_INTENT_STATES = ['succeeded', 'requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'canceled'] as const;
export type SetupIntentState = (typeof SETUP_INTENT_STATES)[number];

/** SetupIntents by state per day, and those stuck (unfinished for an hour or more) or failed. */
export const setupIntentStats = z.object({
  days: z.array(z.object({ day: z.string(), counts: z.record(z.string(), z.number().int()) })),
  attention: z.array(
    z.object({
      id: z.string(),
      account: z.object({ id: z.string(), name: z.string() }),
      status: z.string(),
      last_error: z.string().nullable(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
});
export const setupIntentStatsResponse = z.object({ data: setupIntentStats });
export const setupIntentStatsQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });
