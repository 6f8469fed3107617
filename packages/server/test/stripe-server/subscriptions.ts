import type { Obj, Router } from './mock.ts';
import { ACCOUNT, RestError, express, mockCustomers, mockPrices } from './mock.ts';
import { customerPaymentMethod } from './payment-methods.ts';
import type { Store } from './store.ts';
import { expand, expandParam, invalidRequest, listOf, newId, nowSeconds, stringMetadata } from './store.ts';
import { buildInvoice, invoicePaymentMethod, payInvoice, periodEnd } from './invoices.ts';

/**
 * Subscriptions in place of the mock's (which has no default_payment_method, invoices or payments):
 * create bills the first period at once through an invoice and its PaymentIntent, and follows
 * payment_behavior when the card is declined.
 */
export function subscriptionRoutes(store: Store): Router {
  const r = express.Router();
  r.post('/v1/subscriptions', (req, res) => {
    res.json(expand(store, create(store, req.body), expandParam(req)));
  });
  r.get('/v1/subscriptions', (req, res) => {
    const q = req.query;
    const status = q.status as string | undefined;
    const found = store.all(
      'subscription',
      (s) =>
        (!q.customer || s.customer === q.customer) &&
        (!q.price || s.items.data.some((i: Obj) => i.price.id === q.price)) &&
        (status === 'all' ||
          (status === 'ended' ? ['canceled', 'incomplete_expired'].includes(s.status) : status ? s.status === status : s.status !== 'canceled')),
    );
    res.json(expand(store, listOf(found, q, '/v1/subscriptions'), expandParam(req)));
  });
  r.get('/v1/subscriptions/:id', (req, res) => {
    res.json(expand(store, store.get('subscription', req.params.id!), expandParam(req)));
  });
  r.post('/v1/subscriptions/:id', (req, res) => {
    res.json(expand(store, update(store, store.get('subscription', req.params.id!), req.body), expandParam(req)));
  });
  r.delete('/v1/subscriptions/:id', (req, res) => {
    const sub = store.get('subscription', req.params.id!);
    if (sub.status !== 'canceled') {
      const now = nowSeconds();
      Object.assign(sub, { status: 'canceled', canceled_at: now, ended_at: now });
      sub.cancellation_details = { ...sub.cancellation_details, reason: 'cancellation_requested' };
    }
    res.json(expand(store, sub, expandParam(req)));
  });
  return r;
}

function create(store: Store, p: Obj): Obj {
  const customer = mockCustomers.retrieve(ACCOUNT, p.customer, 'customer');
  const itemParams = Object.values((p.items ?? {}) as Obj) as Obj[];
  if (!itemParams.length) invalidRequest('Missing required param: items.', 'items', 'parameter_missing');
  if (p.default_payment_method) customerPaymentMethod(store, customer.id, p.default_payment_method, 'default_payment_method');
  const now = nowSeconds();
  const id = newId('sub');
  const prices = itemParams.map((i, n) => mockPrices.retrieve(ACCOUNT, i.price, `items[${n}][price]`));
  const first = prices[0]!;
  if (prices.some((price) => !price.recurring)) {
    invalidRequest('The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.', 'items[0][price]');
  }
  const end = periodEnd(now, first.recurring);
  const sub: Obj = {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: first.currency,
    // Before API 2025-03-31 the period was on the subscription; kept for code written against either.
    current_period_end: end,
    current_period_start: now,
    customer: customer.id,
    customer_account: null,
    days_until_due: null,
    default_payment_method: p.default_payment_method ?? null,
    default_source: null,
    default_tax_rates: [],
    description: p.description ?? null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: itemParams.map((i, n) => ({
        id: newId('si'),
        object: 'subscription_item',
        billing_thresholds: null,
        created: now,
        current_period_end: end,
        current_period_start: now,
        discounts: [],
        metadata: stringMetadata(i.metadata),
        plan: planOf(prices[n]!),
        price: structuredClone(prices[n]),
        quantity: Number(i.quantity ?? 1),
        subscription: id,
        tax_rates: [],
      })),
      has_more: false,
      total_count: itemParams.length,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: stringMetadata(p.metadata),
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: 'incomplete',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
  store.put(sub);
  const invoice = buildInvoice(store, sub, { billingReason: 'subscription_create', period: { start: now, end: now }, linePeriod: { start: now, end } });
  sub.latest_invoice = invoice.id;
  const behavior = p.payment_behavior ?? 'allow_incomplete';
  try {
    if (behavior !== 'default_incomplete') {
      if (invoice.amount_due === 0) payInvoiceFree(invoice);
      else payInvoice(store, invoice, invoicePaymentMethod(store, invoice));
      sub.status = 'active';
    }
  } catch (err) {
    // error_if_incomplete: Stripe answers the error and no subscription is created.
    if (behavior === 'error_if_incomplete' || !(err instanceof RestError)) {
      store.objects.delete(sub.id);
      store.objects.delete(invoice.id);
      for (const payment of store.all('invoice_payment', (x) => x.invoice === invoice.id)) store.objects.delete(payment.id);
      throw err;
    }
  }
  customer.currency ??= sub.currency;
  return sub;
}

function payInvoiceFree(invoice: Obj): void {
  Object.assign(invoice, { status: 'paid', next_payment_attempt: null });
  invoice.status_transitions.paid_at = nowSeconds();
}

function update(store: Store, sub: Obj, p: Obj): Obj {
  if (sub.status === 'canceled') {
    invalidRequest('A canceled subscription can only update its cancellation_details and metadata.', undefined);
  }
  if (p.default_payment_method !== undefined) {
    if (p.default_payment_method) customerPaymentMethod(store, sub.customer, p.default_payment_method, 'default_payment_method');
    sub.default_payment_method = p.default_payment_method || null;
  }
  if (p.metadata !== undefined) sub.metadata = { ...sub.metadata, ...stringMetadata(p.metadata) };
  if (p.cancel_at_period_end !== undefined) {
    const cancel = p.cancel_at_period_end === 'true';
    sub.cancel_at_period_end = cancel;
    sub.cancel_at = cancel ? sub.items.data[0].current_period_end : null;
    sub.canceled_at = cancel ? nowSeconds() : null;
    sub.cancellation_details = { comment: null, feedback: null, reason: cancel ? 'cancellation_requested' : null };
  }
  return sub;
}

function planOf(price: Obj): Obj {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: String(price.unit_amount),
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: price.recurring.interval,
    interval_count: price.recurring.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

/**
 * A renewal that fails, as Stripe's billing engine would produce it: the subscription moves to its next
 * period and becomes past_due, with an open subscription_cycle invoice whose first attempt the issuer
 * declined (whatever the card on file, so that a retry with the same card can succeed).
 */
export function failRenewal(store: Store, subscriptionId: string): Obj {
  const sub = store.get('subscription', subscriptionId);
  const previous = { start: sub.items.data[0].current_period_start, end: sub.items.data[0].current_period_end };
  const next = { start: previous.end, end: periodEnd(previous.end, sub.items.data[0].price.recurring) };
  for (const item of sub.items.data as Obj[]) Object.assign(item, { current_period_start: next.start, current_period_end: next.end });
  Object.assign(sub, { current_period_start: next.start, current_period_end: next.end, status: 'past_due' });
  const invoice = buildInvoice(store, sub, { billingReason: 'subscription_cycle', period: previous, linePeriod: next });
  sub.latest_invoice = invoice.id;
  try {
    payInvoice(store, invoice, invoicePaymentMethod(store, invoice), true);
  } catch (err) {
    if (!(err instanceof RestError)) throw err;
  }
  return structuredClone(invoice);
}
