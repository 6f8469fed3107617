import type { Obj, Router } from './mock.ts';
import { ACCOUNT, RestError, express, mockCustomers } from './mock.ts';
import type { Store } from './store.ts';
import { expand, expandParam, invalidRequest, listOf, newId, nowSeconds } from './store.ts';
import type { TestCard } from './test-cards.ts';
import { TEST_CARDS, cardDeclinedError } from './test-cards.ts';

/** The test card behind each PaymentMethod, kept off the wire object. */
const cardOf = new WeakMap<Obj, TestCard>();

export function testCardOf(pm: Obj): TestCard {
  const card = cardOf.get(pm);
  if (!card) throw new Error(`payment method ${pm.id} has no test card`);
  return card;
}

/** A new card PaymentMethod cloned from a test token, as Stripe does when a pm_card_* token is used. */
export function paymentMethodFromToken(store: Store, token: string, param = 'payment_method'): Obj {
  const card = TEST_CARDS[token];
  if (!card) invalidRequest(`No such PaymentMethod: '${token}'`, param, 'resource_missing');
  const id = newId('pm');
  const expiry = new Date();
  const pm = store.put({
    id,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: null,
      name: null,
      phone: null,
      tax_id: null,
    },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: card.brand,
      exp_month: expiry.getUTCMonth() + 1,
      exp_year: expiry.getUTCFullYear() + 3,
      fingerprint: newId('fp', 16).slice(3),
      funding: card.funding,
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: nowSeconds(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  });
  cardOf.set(pm, card);
  return pm;
}

/** A PaymentMethod by id, or a fresh one from a test token (pm_card_visa...). */
export function paymentMethodFor(store: Store, idOrToken: string, param = 'payment_method'): Obj {
  return TEST_CARDS[idOrToken] ? paymentMethodFromToken(store, idOrToken, param) : store.get('payment_method', idOrToken, param);
}

export function attach(pm: Obj, customerId: string): void {
  if (pm.customer && pm.customer !== customerId) {
    invalidRequest('The payment method you provided has already been attached to a customer.', 'payment_method');
  }
  mockCustomers.retrieve(ACCOUNT, customerId, 'customer');
  pm.customer = customerId;
}

/** A payment method of this customer, refused the way Stripe refuses a foreign or unattached one. */
export function customerPaymentMethod(store: Store, customerId: string, pmId: string, param: string): Obj {
  const pm = store.get('payment_method', pmId, param);
  if (pm.customer !== customerId) {
    invalidRequest(
      `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
      param,
      'resource_missing',
    );
  }
  return pm;
}

export function paymentMethodRoutes(store: Store): Router {
  const r = express.Router();
  const listFor = (customer: string, query: Obj, url: string) => {
    mockCustomers.retrieve(ACCOUNT, customer, 'customer');
    const type = query.type as string | undefined;
    return listOf(store.all('payment_method', (pm) => pm.customer === customer && (!type || pm.type === type)), query, url);
  };
  r.get('/v1/payment_methods', (req, res) => {
    if (!req.query.customer) invalidRequest('Missing required param: customer.', 'customer', 'parameter_missing');
    res.json(listFor(req.query.customer, req.query, '/v1/payment_methods'));
  });
  r.get('/v1/customers/:customer/payment_methods', (req, res) => {
    res.json(listFor(req.params.customer!, req.query, `/v1/customers/${req.params.customer}/payment_methods`));
  });
  r.get('/v1/customers/:customer/payment_methods/:id', (req, res) => {
    res.json(expand(store, customerPaymentMethod(store, req.params.customer!, req.params.id!, 'payment_method'), expandParam(req)));
  });
  r.get('/v1/payment_methods/:id', (req, res) => {
    res.json(expand(store, store.get('payment_method', req.params.id!), expandParam(req)));
  });
  r.post('/v1/payment_methods', (req, res) => {
    const token = req.body.payment_method ?? (req.body.type === 'card' ? req.body.card?.token : undefined);
    res.json(paymentMethodFromToken(store, token ?? 'pm_card_visa'));
  });
  r.post('/v1/payment_methods/:id/attach', (req, res) => {
    const pm = paymentMethodFor(store, req.params.id!);
    if (!req.body.customer) invalidRequest('Missing required param: customer.', 'customer', 'parameter_missing');
    const card = testCardOf(pm);
    if (card.declineAt === 'setup') throw new RestError(402, cardDeclinedError(card));
    attach(pm, req.body.customer);
    res.json(pm);
  });
  r.post('/v1/payment_methods/:id/detach', (req, res) => {
    const pm = store.get('payment_method', req.params.id!);
    if (!pm.customer) {
      invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.', 'payment_method');
    }
    const customer = mockCustomers.retrieve(ACCOUNT, pm.customer, 'customer');
    // Stripe forgets a detached card as the customer's default.
    if (customer.invoice_settings?.default_payment_method === pm.id) customer.invoice_settings.default_payment_method = null;
    pm.customer = null;
    res.json(pm);
  });
  return r;
}
