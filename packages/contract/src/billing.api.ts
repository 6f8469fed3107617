import { z } from 'zod';
import {
  accountBillingParams,
  accountBillingResponse,
  billingCatalogueResponse,
  invoicesResponse,
  paymentMethodParams,
  paymentMethodsResponse,
  paymentParams,
  paymentResponse,
  paymentsPage,
  paymentsQuery,
  purchaseBody,
  purchaseResponse,
  setupIntentResponse,
  setupIntentStatsQuery,
  setupIntentStatsResponse,
  subscriptionParams,
  subscriptionResponse,
  subscriptionsResponse,
  upcomingResponse,
} from './billing.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** What Stripe's webhook answers: the event was taken, or was a repeat of one already applied. */
const stripeEventReceived = z.object({ received: z.literal(true), duplicate: z.boolean() });

/**
 * Spec §2 /v2/home/settings/billing: what the account can buy and has, its cards, subscriptions, invoices and the
 * next charge; Stripe's webhook; and every account's payments for platform administrators (tag Payments).
 */
export const billingApi = endpoints({ product: 'cryptohub', tag: 'Billing' }, {
  listBillingOffers: {
    method: 'GET', path: ApiPath.billingCatalogue, responses: { 200: billingCatalogueResponse },
    summary: 'List services to buy',
    description: "The service types on sale with their Stripe prices (the products' metadata names the service type), and how many of each the account has.",
  },
  createSetupIntent: {
    method: 'POST', path: ApiPath.billingSetupIntents, responses: { 200: setupIntentResponse },
    summary: 'Start adding a card',
    description: "Creates a Stripe SetupIntent for the account's customer (made on first use) and answers its client secret with the publishable key, for Stripe Elements to confirm in the browser.",
  },
  listPaymentMethods: {
    method: 'GET', path: ApiPath.billingPaymentMethods, responses: { 200: paymentMethodsResponse },
    summary: 'List cards',
    description: "The account's cards (brand, last four digits, expiry) and which one is charged.",
  },
  setDefaultPaymentMethod: {
    method: 'PUT', path: ApiPath.billingPaymentMethodDefault, params: paymentMethodParams, responses: { 200: paymentMethodsResponse },
    summary: 'Charge this card',
    description: "Makes one of the account's cards the one its subscriptions are charged to.",
  },
  removePaymentMethod: {
    method: 'DELETE', path: ApiPath.billingPaymentMethod, params: paymentMethodParams, responses: { 200: paymentMethodsResponse },
    summary: 'Remove a card',
    description: "Detaches a card from the account's customer.",
  },
  buyService: {
    method: 'POST', path: ApiPath.billingPurchases, body: purchaseBody, responses: { 201: purchaseResponse },
    summary: 'Buy a service',
    description: 'Requests the service (Pending Approval, as a service request) and subscribes to its price, charged at once to the default card; a declined card refuses both (400).',
  },
  listSubscriptions: {
    method: 'GET', path: ApiPath.billingSubscriptions, responses: { 200: subscriptionsResponse },
    summary: 'List subscriptions',
    description: "The account's subscriptions with their service, price, status and period end.",
  },
  cancelSubscription: {
    method: 'POST', path: ApiPath.billingSubscriptionCancel, params: subscriptionParams, responses: { 200: subscriptionResponse },
    summary: 'Cancel at period end',
    description: 'The subscription stays active until the end of the period paid for, then is not renewed.',
  },
  listInvoices: {
    method: 'GET', path: ApiPath.billingInvoices, responses: { 200: invoicesResponse },
    summary: 'List invoices',
    description: "The account's last 24 invoices from Stripe, with their PDF and hosted page.",
  },
  getUpcomingCharge: {
    method: 'GET', path: ApiPath.billingUpcoming, responses: { 200: upcomingResponse },
    summary: 'Get the next charge',
    description: 'What Stripe will collect next and when; null when no subscription renews.',
  },
  receiveStripeEvent: {
    method: 'POST', path: ApiPath.stripeWebhook, responses: { 200: stripeEventReceived },
    summary: 'Receive a Stripe event',
    description: "Stripe's webhook: subscription, invoice and SetupIntent events update the account's billing; a failed payment marks the subscription past due and mails the account's administrators. Signed with the endpoint's secret (Stripe-Signature).",
  },
  listPayments: {
    tag: 'Payments', method: 'GET', path: ApiPath.adminPayments, query: paymentsQuery, responses: { 200: paymentsPage },
    summary: "List every account's payments",
    description: 'Payments as recorded from Stripe events (one per invoice), searchable by account, invoice or product, filtered by status or account.',
  },
  refundPayment: {
    tag: 'Payments', method: 'POST', path: ApiPath.adminPaymentRefund, params: paymentParams, responses: { 200: paymentResponse },
    summary: 'Refund a payment',
    description: "Refunds a paid invoice's payment in full through Stripe (409 unless paid).",
  },
  retryPayment: {
    tag: 'Payments', method: 'POST', path: ApiPath.adminPaymentRetry, params: paymentParams, responses: { 200: paymentResponse },
    summary: 'Retry a failed payment',
    description: 'Asks Stripe to collect a failed invoice again now, with the default card (409 unless failed; 400 when declined again).',
  },
  getAccountBilling: {
    tag: 'Payments', method: 'GET', path: ApiPath.adminAccountBilling, params: accountBillingParams, responses: { 200: accountBillingResponse },
    summary: "Get an account's billing",
    description: "One account's Stripe customer, subscriptions and cards.",
  },
  getSetupIntentStats: {
    tag: 'Payments', method: 'GET', path: ApiPath.adminSetupIntentStats, query: setupIntentStatsQuery, responses: { 200: setupIntentStatsResponse },
    summary: 'Card setups over time',
    description: 'SetupIntents by state per day, and those stuck (unfinished for an hour) or failed.',
  },
});
