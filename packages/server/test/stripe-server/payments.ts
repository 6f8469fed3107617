import type { Obj, RestErrorInstance, Router } from './mock.ts';
import { ACCOUNT, RestError, express, mockCharges, mockRefunds } from './mock.ts';
import { testCardOf } from './payment-methods.ts';
import type { Store } from './store.ts';
import { expand, expandParam, invalidRequest, listOf, newId, nowSeconds } from './store.ts';

export function newPaymentIntent(store: Store, p: { amount: number; currency: string; customer: string; description: string }): Obj {
  const id = newId('pi');
  return store.put({
    id,
    object: 'payment_intent',
    amount: p.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${id}_secret_${newId('x').slice(2)}`,
    confirmation_method: 'automatic',
    created: nowSeconds(),
    currency: p.currency,
    customer: p.customer,
    customer_account: null,
    description: p.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  });
}

/**
 * One off-session attempt to collect a PaymentIntent with a payment method. The charge is made by the
 * mock from the card's source token, so a declining card leaves a failed charge as Stripe does; the
 * attempt then throws the 402 card_error carrying the charge and the intent. `forceDecline` makes the
 * issuer refuse whatever the card (a renewal that fails).
 */
export function attemptPayment(store: Store, intent: Obj, pm: Obj, forceDecline = false): void {
  const card = testCardOf(pm);
  intent.payment_method = pm.id;
  let charge: Obj;
  let failure: RestErrorInstance | undefined;
  try {
    charge = mockCharges.create(ACCOUNT, {
      amount: String(intent.amount),
      currency: intent.currency,
      source: forceDecline ? 'tok_chargeDeclined' : card.source,
      description: intent.description,
    });
  } catch (err) {
    if (!(err instanceof RestError) || !err.error.charge) throw err;
    failure = err;
    charge = mockCharges.retrieve(ACCOUNT, err.error.charge, 'charge');
  }
  Object.assign(charge, {
    customer: intent.customer,
    payment_intent: intent.id,
    payment_method: pm.id,
    billing_details: pm.billing_details,
    source: null,
  });
  charge.payment_method_details.card.brand = card.brand;
  charge.payment_method_details.card.network = card.brand;
  charge.payment_method_details.card.last4 = card.last4;
  intent.latest_charge = charge.id;
  if (failure) {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { ...failure.error, payment_method: structuredClone(pm) };
    throw new RestError(402, { ...failure.error, payment_intent: structuredClone(intent), payment_method: structuredClone(pm) });
  }
  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
  intent.last_payment_error = null;
}

export function paymentRoutes(store: Store): Router {
  const r = express.Router();
  r.get('/v1/payment_intents', (req, res) => {
    const q = req.query;
    res.json(listOf(store.all('payment_intent', (pi) => !q.customer || pi.customer === q.customer), q, '/v1/payment_intents'));
  });
  r.get('/v1/payment_intents/:id', (req, res) => {
    res.json(expand(store, store.get('payment_intent', req.params.id!), expandParam(req)));
  });
  // Refunds by payment_intent (the mock knows charges only); a refund by charge goes on to the mock.
  r.post('/v1/refunds', (req, res, next) => {
    const { payment_intent: piId, ...params } = req.body;
    if (!piId) return next();
    const intent = store.get('payment_intent', piId, 'payment_intent');
    if (intent.status !== 'succeeded' || !intent.latest_charge) {
      invalidRequest(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    }
    const refund = mockRefunds.create(ACCOUNT, { ...params, charge: intent.latest_charge });
    refund.payment_intent = intent.id;
    refund.destination_details = { card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' };
    res.json(expand(store, refund, expandParam(req)));
  });
  r.get('/v1/refunds', (req, res, next) => {
    if (!req.query.payment_intent) return next();
    const intent = store.get('payment_intent', req.query.payment_intent, 'payment_intent');
    const charge = intent.latest_charge ? mockCharges.retrieve(ACCOUNT, intent.latest_charge, 'charge') : undefined;
    res.json(listOf(charge ? charge.refunds.data : [], req.query, '/v1/refunds'));
  });
  return r;
}
