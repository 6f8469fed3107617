import type { Obj, Router } from './mock.ts';
import { ACCOUNT, RestError, express, mockCustomers, mockProducts } from './mock.ts';
import { customerPaymentMethod } from './payment-methods.ts';
import { attemptPayment, newPaymentIntent } from './payments.ts';
import type { Store } from './store.ts';
import { expand, expandParam, invalidRequest, listOf, newId, nowSeconds } from './store.ts';

export type Period = { start: number; end: number };

/** The end of a billing period that starts at `start`, per the price's recurring interval. */
export function periodEnd(start: number, recurring: Obj): number {
  const d = new Date(start * 1000);
  const count = Number(recurring.interval_count ?? 1);
  if (recurring.interval === 'day') d.setUTCDate(d.getUTCDate() + count);
  else if (recurring.interval === 'week') d.setUTCDate(d.getUTCDate() + 7 * count);
  else if (recurring.interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + count);
  else d.setUTCMonth(d.getUTCMonth() + count);
  return Math.floor(d.getTime() / 1000);
}

function line(sub: Obj, item: Obj, invoiceId: string | null, period: Period): Obj {
  const price = item.price as Obj;
  const amount = Number(price.unit_amount) * Number(item.quantity);
  const product = mockProducts.retrieve(ACCOUNT, price.product, 'product');
  const money = new Intl.NumberFormat('en-IE', { style: 'currency', currency: price.currency }).format(price.unit_amount / 100);
  return {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: price.currency,
    description: `${item.quantity} × ${product.name} (at ${money} / ${price.recurring?.interval ?? 'unit'})`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: { invoice_item: null, proration: false, proration_details: { credited_items: null }, subscription: sub.id, subscription_item: item.id },
      type: 'subscription_item_details',
    },
    period,
    pretax_credit_amounts: [],
    pricing: { price_details: { price: price.id, product: price.product }, type: 'price_details', unit_amount_decimal: String(price.unit_amount) },
    quantity: item.quantity,
    quantity_decimal: String(item.quantity),
    subtotal: amount,
    taxes: [],
  };
}

/**
 * An invoice for a subscription's items over `linePeriod`, finalized (open) unless it is a preview. Its
 * own period is the one it closes (Stripe bills licensed items in advance: the first invoice's period is
 * the instant the subscription started).
 */
export function buildInvoice(
  store: Store,
  sub: Obj,
  p: { billingReason: string; period: Period; linePeriod: Period; preview?: boolean },
): Obj {
  const customer = mockCustomers.retrieve(ACCOUNT, sub.customer, 'customer');
  const id = p.preview ? `upcoming_${newId('in')}` : newId('in');
  const lines = (sub.items.data as Obj[]).map((item) => line(sub, item, p.preview ? null : id, p.linePeriod));
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  const created = p.preview ? p.period.end : nowSeconds();
  const invoice: Obj = {
    id,
    object: 'invoice',
    account_country: 'IE',
    account_name: 'Keydeck test account',
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: !p.preview,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: p.billingReason,
    collection_method: 'charge_automatically',
    created,
    currency: sub.currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: customer.address,
    customer_email: customer.email,
    customer_name: customer.name,
    customer_phone: customer.phone,
    customer_shipping: null,
    customer_tax_exempt: customer.tax_exempt ?? 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: p.preview ? null : created,
    ending_balance: p.preview ? null : 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: p.preview ? null : `${store.url}/invoices/${id}`,
    invoice_pdf: p.preview ? null : `${store.url}/invoices/${id}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: lines, has_more: false, total_count: lines.length, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: p.preview ? p.period.end : created,
    number: p.preview ? null : `${String(customer.invoice_prefix).toUpperCase()}-${String(customer.next_invoice_sequence++).padStart(4, '0')}`,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: structuredClone(sub.metadata), subscription: sub.id },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: p.period.end,
    period_start: p.period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: p.preview ? 'draft' : 'open',
    status_transitions: { finalized_at: p.preview ? null : created, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: p.preview ? null : created,
  };
  return p.preview ? invoice : store.put(invoice);
}

/** Stripe's order: the invoice's, then the subscription's, then the customer's default payment method. */
export function invoicePaymentMethod(store: Store, invoice: Obj, explicit?: string): Obj | undefined {
  const sub = store.objects.get(invoice.parent?.subscription_details?.subscription);
  const customer = mockCustomers.retrieve(ACCOUNT, invoice.customer, 'customer');
  const pmId = explicit ?? invoice.default_payment_method ?? sub?.default_payment_method ?? customer.invoice_settings?.default_payment_method;
  return pmId ? customerPaymentMethod(store, invoice.customer, pmId, 'payment_method') : undefined;
}

/**
 * One payment attempt on an open invoice through its PaymentIntent (one per invoice, as on Stripe).
 * Paid: the invoice is paid and a past-due or incomplete subscription becomes active. Declined: the
 * attempt is counted and the 402 card_error thrown.
 */
export function payInvoice(store: Store, invoice: Obj, pm: Obj | undefined, forceDecline = false): Obj {
  if (invoice.status === 'paid') invalidRequest('Invoice is already paid', undefined, 'invoice_already_paid');
  if (invoice.status !== 'open') invalidRequest(`You can only pay an invoice that is open, not ${invoice.status}.`, undefined, 'invoice_not_open');
  if (!pm) {
    invalidRequest('This customer has no attached payment source or default payment method.', undefined, 'invoice_no_customer_line_items');
  }
  const payment = invoicePayment(store, invoice);
  const intent = store.get('payment_intent', payment.payment.payment_intent);
  invoice.attempt_count += 1;
  invoice.attempted = true;
  try {
    attemptPayment(store, intent, pm, forceDecline);
  } catch (err) {
    if (err instanceof RestError) invoice.next_payment_attempt = nowSeconds() + 3 * 24 * 3600;
    throw err;
  }
  const paidAt = nowSeconds();
  Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0, next_payment_attempt: null });
  invoice.status_transitions.paid_at = paidAt;
  Object.assign(payment, { status: 'paid', amount_paid: invoice.amount_due });
  payment.status_transitions.paid_at = paidAt;
  const sub = store.objects.get(invoice.parent?.subscription_details?.subscription);
  if (sub && (sub.status === 'past_due' || sub.status === 'incomplete' || sub.status === 'unpaid')) sub.status = 'active';
  return invoice;
}

function invoicePayment(store: Store, invoice: Obj): Obj {
  const existing = store.all('invoice_payment', (p) => p.invoice === invoice.id)[0];
  if (existing) return existing;
  const intent = newPaymentIntent(store, {
    amount: invoice.amount_due,
    currency: invoice.currency,
    customer: invoice.customer,
    description: invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
  });
  return store.put({
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: null,
    amount_requested: invoice.amount_due,
    created: nowSeconds(),
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { payment_intent: intent.id, type: 'payment_intent' },
    status: 'open',
    status_transitions: { canceled_at: null, paid_at: null },
  });
}

export function invoiceRoutes(store: Store): Router {
  const r = express.Router();
  r.get('/v1/invoices', (req, res) => {
    const q = req.query;
    const found = store.all(
      'invoice',
      (i) =>
        (!q.customer || i.customer === q.customer) &&
        (!q.subscription || i.parent?.subscription_details?.subscription === q.subscription) &&
        (!q.status || i.status === q.status),
    );
    res.json(expand(store, listOf(found, q, '/v1/invoices'), expandParam(req)));
  });
  r.post('/v1/invoices/create_preview', (req, res) => {
    res.json(expand(store, preview(store, req.body), expandParam(req)));
  });
  r.get('/v1/invoices/:id', (req, res) => {
    res.json(expand(store, store.get('invoice', req.params.id!), expandParam(req)));
  });
  r.get('/v1/invoices/:id/lines', (req, res) => {
    res.json(listOf(store.get('invoice', req.params.id!).lines.data, req.query, `/v1/invoices/${req.params.id}/lines`));
  });
  r.post('/v1/invoices/:id/pay', (req, res) => {
    const invoice = store.get('invoice', req.params.id!);
    payInvoice(store, invoice, invoicePaymentMethod(store, invoice, req.body.payment_method));
    res.json(expand(store, invoice, expandParam(req)));
  });
  r.get('/v1/invoice_payments', (req, res) => {
    const q = req.query;
    const found = store.all('invoice_payment', (p) => (!q.invoice || p.invoice === q.invoice) && (!q.payment?.payment_intent || p.payment.payment_intent === q.payment.payment_intent));
    res.json(expand(store, listOf(found, q, '/v1/invoice_payments'), expandParam(req)));
  });
  r.get('/v1/invoice_payments/:id', (req, res) => {
    res.json(expand(store, store.get('invoice_payment', req.params.id!), expandParam(req)));
  });
  return r;
}

/**
 * The invoice a subscription will issue at the end of its current period. Without `subscription`, the
 * customer's next one among its subscriptions that will renew (Stripe's create_preview rule).
 */
function preview(store: Store, p: Obj): Obj {
  if (!p.customer && !p.subscription) invalidRequest('Missing required param: customer or subscription.', 'customer', 'parameter_missing');
  const renews = (s: Obj) => s.status !== 'canceled' && s.status !== 'incomplete_expired' && !s.cancel_at_period_end;
  const sub = p.subscription
    ? store.get('subscription', p.subscription, 'subscription')
    : store
        .all('subscription', (s) => s.customer === p.customer && renews(s))
        .sort((a, b) => a.items.data[0].current_period_end - b.items.data[0].current_period_end)[0];
  if (p.customer && sub && sub.customer !== p.customer) invalidRequest(`No such subscription: '${sub.id}'`, 'subscription', 'resource_missing');
  if (!sub || !renews(sub)) {
    invalidRequest(`No upcoming invoices for customer: ${p.customer ?? sub?.customer}`, undefined, 'invoice_upcoming_none');
  }
  const item = sub.items.data[0] as Obj;
  const period = { start: item.current_period_start, end: item.current_period_end };
  const next = { start: period.end, end: periodEnd(period.end, item.price.recurring) };
  return buildInvoice(store, sub, { billingReason: 'upcoming', period, linePeriod: next, preview: true });
}
