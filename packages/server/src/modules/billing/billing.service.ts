import {
  BillingMessages,
  type BillingOffer,
  type Invoice,
  type PaymentMethod,
  type PurchaseBody,
  type Subscription,
  type SubscriptionStatus,
} from '@keydeck/contract/billing';
import { SERVICE_TYPES, type ServiceType } from '@keydeck/contract/services';
import type Stripe from 'stripe';
import type { Tx } from '../../db/database.ts';
import { iso } from '../../db/raw-sql.ts';
import { badRequest, notFound, refused } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import * as services from '../services/services.service.ts';
import * as repo from './billing.repository.ts';
import { stripeCall } from './stripe-client.ts';

/** Offers: active recurring prices of active products that name a service type (product metadata service_type). */
export async function catalogue(tx: Tx, stripe: Stripe, accountId: string): Promise<BillingOffer[]> {
  const prices = await stripeCall(() => stripe.prices.list({ active: true, expand: ['data.product'], limit: 100 }));
  const owned = await repo.ownedByType(tx, accountId);
  return prices.data.flatMap((price) => {
    const product = price.product as Stripe.Product;
    const type = product.metadata?.service_type as ServiceType | undefined;
    if (!product.active || !type || !(type in SERVICE_TYPES) || !price.recurring || price.unit_amount === null) return [];
    return [{
      price_id: price.id,
      product_name: product.name,
      description: product.description ?? null,
      service_type: type,
      service_type_label: SERVICE_TYPES[type],
      unit_amount: price.unit_amount,
      currency: price.currency,
      interval: price.recurring.interval,
      owned: owned.get(type) ?? 0,
    }];
  });
}

/** The account's Stripe customer, made on first need; its id is all Keydeck keeps of it. */
export async function ensureCustomer(tx: Tx, stripe: Stripe, principal: Principal): Promise<string> {
  const known = await repo.customerOf(tx, principal.account.id);
  if (known) return known;
  const customer = await stripeCall(() =>
    stripe.customers.create(
      { name: principal.account.name, email: principal.email || undefined, metadata: { account_id: principal.account.id } },
      { idempotencyKey: `customer-${principal.account.id}` },
    ),
  );
  await repo.insertCustomer(tx, principal.account.id, customer.id);
  return customer.id;
}

/** A SetupIntent for Stripe Elements to confirm in the browser: card data goes to Stripe, never here. */
export async function startCardSetup(tx: Tx, stripe: Stripe, principal: Principal) {
  const customer = await ensureCustomer(tx, stripe, principal);
  const intent = await stripeCall(() =>
    stripe.setupIntents.create({ customer, usage: 'off_session', metadata: { account_id: principal.account.id } }),
  );
  const at = new Date(intent.created * 1000);
  await repo.upsertSetupIntent(tx, { id: intent.id, accountId: principal.account.id, status: intent.status, lastError: null, createdAt: at, updatedAt: at });
  return { id: intent.id, clientSecret: intent.client_secret! };
}

export async function paymentMethods(tx: Tx, stripe: Stripe, accountId: string): Promise<PaymentMethod[]> {
  const customerId = await repo.customerOf(tx, accountId);
  if (!customerId) return [];
  const [customer, methods] = await Promise.all([
    stripeCall(() => stripe.customers.retrieve(customerId)),
    stripeCall(() => stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 20 })),
  ]);
  const preferred = 'deleted' in customer ? null : customer.invoice_settings?.default_payment_method;
  const defaultId = typeof preferred === 'string' ? preferred : (preferred?.id ?? methods.data[0]?.id);
  return methods.data.map((m) => ({
    id: m.id,
    brand: m.card?.brand ?? 'card',
    last4: m.card?.last4 ?? '····',
    exp_month: m.card?.exp_month ?? 0,
    exp_year: m.card?.exp_year ?? 0,
    default: m.id === defaultId,
  }));
}

export async function makeDefault(tx: Tx, stripe: Stripe, accountId: string, paymentMethodId: string): Promise<PaymentMethod[]> {
  const customer = await ownCustomerOf(tx, stripe, accountId, paymentMethodId);
  await stripeCall(() => stripe.customers.update(customer, { invoice_settings: { default_payment_method: paymentMethodId } }));
  return paymentMethods(tx, stripe, accountId);
}

export async function removePaymentMethod(tx: Tx, stripe: Stripe, accountId: string, paymentMethodId: string): Promise<PaymentMethod[]> {
  await ownCustomerOf(tx, stripe, accountId, paymentMethodId);
  await stripeCall(() => stripe.paymentMethods.detach(paymentMethodId));
  return paymentMethods(tx, stripe, accountId);
}

/**
 * Buying a service: the service request (Pending Approval, as spec §4's request) and its subscription, charged at
 * once to the default card. A declined card refuses the purchase and the request goes with it (one transaction).
 */
export async function purchase(tx: Tx, stripe: Stripe, principal: Principal, body: PurchaseBody, requestId: string) {
  const accountId = principal.account.id;
  const customerId = await repo.customerOf(tx, accountId);
  const card = customerId ? (await paymentMethods(tx, stripe, accountId)).find((m) => m.default) : undefined;
  if (!customerId || !card) throw refused('no_payment_method', BillingMessages.noPaymentMethod);
  const price = await stripeCall(() => stripe.prices.retrieve(body.price_id, { expand: ['product'] })).catch(() => null);
  const product = price?.product as Stripe.Product | undefined;
  const type = product?.metadata?.service_type as ServiceType | undefined;
  if (!price?.active || !price.recurring || price.unit_amount === null || !type || !(type in SERVICE_TYPES)) {
    throw badRequest({ price_id: [BillingMessages.unknownPrice] });
  }
  const service = await services.requestService(tx, principal, { type, ...body.service });
  const created = await stripeCall(() =>
    stripe.subscriptions.create(
      {
        customer: customerId,
        items: [{ price: price.id }],
        default_payment_method: card.id,
        payment_behavior: 'error_if_incomplete',
        metadata: { account_id: accountId, service_id: service.id },
      },
      { idempotencyKey: `purchase-${requestId}` },
    ),
  );
  const id = await repo.insertSubscription(tx, {
    accountId,
    stripeSubscriptionId: created.id,
    serviceId: service.id,
    priceId: price.id,
    productName: product!.name,
    amount: price.unit_amount,
    currency: price.currency,
    interval: price.recurring.interval,
    ...subscriptionState(created, new Date(created.created * 1000)),
  });
  return { subscription: await subscriptionById(tx, accountId, id), serviceId: service.id, serviceName: service.name };
}

export async function subscriptions(tx: Tx, accountId: string): Promise<Subscription[]> {
  return (await repo.subscriptionsOf(tx, accountId)).map(toWire);
}

/** Cancel at period end: the service stays until the period it was paid for ends, then is not renewed. */
export async function cancelAtPeriodEnd(tx: Tx, stripe: Stripe, accountId: string, id: string): Promise<Subscription> {
  const found = await repo.findSubscription(tx, accountId, id);
  if (!found) throw notFound();
  const updated = await stripeCall(() => stripe.subscriptions.update(found.subscription.stripeSubscriptionId, { cancel_at_period_end: true }));
  await repo.applySubscriptionState(tx, updated.id, subscriptionState(updated, stripeNow()));
  return subscriptionById(tx, accountId, id);
}

export async function invoices(tx: Tx, stripe: Stripe, accountId: string): Promise<Invoice[]> {
  const customer = await repo.customerOf(tx, accountId);
  if (!customer) return [];
  const list = await stripeCall(() => stripe.invoices.list({ customer, limit: 24 }));
  return list.data.map((i) => ({
    id: i.id!,
    number: i.number ?? null,
    status: i.status ?? 'draft',
    amount_due: i.amount_due,
    amount_paid: i.amount_paid,
    currency: i.currency,
    created: new Date(i.created * 1000).toISOString(),
    invoice_pdf: i.invoice_pdf ?? null,
    hosted_invoice_url: i.hosted_invoice_url ?? null,
  }));
}

/** The next charge Stripe will collect, or null when nothing is due (no live subscription). */
export async function upcoming(tx: Tx, stripe: Stripe, accountId: string) {
  const customer = await repo.customerOf(tx, accountId);
  const live = (await repo.subscriptionsOf(tx, accountId)).some((s) => ['active', 'trialing', 'past_due'].includes(s.subscription.status) && !s.subscription.cancelAtPeriodEnd);
  if (!customer || !live) return null;
  const preview = await stripeCall(() => stripe.invoices.createPreview({ customer }));
  const at = preview.next_payment_attempt ?? preview.period_end;
  return { amount: preview.amount_due, currency: preview.currency, date: at ? new Date(at * 1000).toISOString() : null };
}

/**
 * Now, in Stripe's whole seconds: a change made here must not outrank an event Stripe creates in the same second
 * (events carry whole seconds, and a later-or-equal event applies).
 */
export function stripeNow(): Date {
  return new Date(Math.floor(Date.now() / 1000) * 1000);
}

/** Stripe's view of a subscription, as the mirror keeps it. */
export function subscriptionState(sub: Stripe.Subscription, at: Date) {
  const periodEnd = sub.items?.data[0]?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end;
  return {
    status: sub.status,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    stripeUpdatedAt: at,
  };
}

async function subscriptionById(tx: Tx, accountId: string, id: string): Promise<Subscription> {
  const found = await repo.findSubscription(tx, accountId, id);
  if (!found) throw notFound();
  return toWire(found);
}

/** The account's customer, after checking the payment method is one of its own (404 otherwise). */
async function ownCustomerOf(tx: Tx, stripe: Stripe, accountId: string, paymentMethodId: string): Promise<string> {
  const customer = await repo.customerOf(tx, accountId);
  if (!customer) throw notFound();
  const method = await stripeCall(() => stripe.paymentMethods.retrieve(paymentMethodId)).catch(() => null);
  const owner = typeof method?.customer === 'string' ? method.customer : method?.customer?.id;
  if (owner !== customer) throw notFound();
  return customer;
}

export function toWire({ subscription: s, service }: Awaited<ReturnType<typeof repo.subscriptionsOf>>[number]): Subscription {
  return {
    id: s.id,
    account_id: s.accountId,
    stripe_subscription_id: s.stripeSubscriptionId,
    service: service?.id ? { id: service.id, name: service.name!, type: service.type!, status: service.status! } : null,
    product_name: s.productName,
    amount: s.amount,
    currency: s.currency,
    interval: s.interval,
    status: s.status as SubscriptionStatus,
    current_period_end: iso(s.currentPeriodEnd),
    cancel_at_period_end: s.cancelAtPeriodEnd,
    created_at: iso(s.createdAt),
  };
}
