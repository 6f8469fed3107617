import type { Handler, Obj, Req, Router } from './mock.ts';
import { ACCOUNT, RestError, express, mockCustomers } from './mock.ts';
import { attach, paymentMethodFor, testCardOf } from './payment-methods.ts';
import type { Store } from './store.ts';
import { expand, expandParam, inRange, invalidRequest, listOf, newId, nowSeconds, stringMetadata } from './store.ts';
import { cardDeclinedError } from './test-cards.ts';

export function setupIntentRoutes(store: Store): Router {
  const r = express.Router();
  r.post('/v1/setup_intents', (req, res) => {
    const p = req.body;
    if (p.customer) mockCustomers.retrieve(ACCOUNT, p.customer, 'customer');
    // SDK 23 (API endive) sends allowed_payment_method_types; older code sent payment_method_types.
    const types = p.allowed_payment_method_types ?? p.payment_method_types;
    const id = newId('seti');
    const intent = store.put({
      id,
      object: 'setup_intent',
      allowed_payment_method_types: types ? Object.values(types) : null,
      application: null,
      automatic_payment_methods: null,
      cancellation_reason: null,
      client_secret: `${id}_secret_${newId('x').slice(2)}`,
      created: nowSeconds(),
      customer: p.customer ?? null,
      description: p.description ?? null,
      excluded_payment_method_types: null,
      flow_directions: null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      mandate: null,
      metadata: stringMetadata(p.metadata),
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
      payment_method_types: types ? Object.values(types) : ['card'],
      single_use_mandate: null,
      status: 'requires_payment_method',
      usage: p.usage ?? 'off_session',
    });
    if (p.payment_method) {
      intent.payment_method = paymentMethodFor(store, p.payment_method).id;
      intent.status = 'requires_confirmation';
    }
    if (p.confirm === 'true') confirm(store, intent, {});
    res.json(expand(store, intent, expandParam(req)));
  });
  r.get('/v1/setup_intents', (req, res) => {
    const q = req.query;
    const found = store.all(
      'setup_intent',
      (s) =>
        (!q.customer || s.customer === q.customer) &&
        (!q.payment_method || s.payment_method === q.payment_method) &&
        inRange(s.created, q.created),
    );
    res.json(listOf(found, q, '/v1/setup_intents'));
  });
  r.get('/v1/setup_intents/:id', (req, res) => {
    res.json(expand(store, store.get('setup_intent', req.params.id!), expandParam(req)));
  });
  r.post('/v1/setup_intents/:id', (req, res) => {
    const intent = store.get('setup_intent', req.params.id!);
    if (req.body.metadata !== undefined) intent.metadata = { ...intent.metadata, ...stringMetadata(req.body.metadata) };
    if (req.body.payment_method) {
      intent.payment_method = paymentMethodFor(store, req.body.payment_method).id;
      intent.status = 'requires_confirmation';
    }
    res.json(intent);
  });
  r.post('/v1/setup_intents/:id/confirm', (req, res) => {
    res.json(expand(store, confirm(store, store.get('setup_intent', req.params.id!), req.body), expandParam(req)));
  });
  r.post('/v1/setup_intents/:id/cancel', (req, res) => {
    const intent = store.get('setup_intent', req.params.id!);
    if (intent.status === 'succeeded') {
      invalidRequest(`You cannot cancel this SetupIntent because it has a status of ${intent.status}.`, undefined, 'setup_intent_unexpected_state');
    }
    intent.status = 'canceled';
    intent.cancellation_reason = req.body.cancellation_reason ?? null;
    res.json(intent);
  });
  return r;
}

/**
 * Confirms as Stripe does: the card is attached to the intent's customer and the intent succeeds, or a
 * card refused at setup leaves it `requires_payment_method` with last_setup_error and answers 402 with the
 * intent in the error body.
 */
function confirm(store: Store, intent: Obj, params: Obj): Obj {
  if (intent.status === 'succeeded' || intent.status === 'canceled') {
    invalidRequest(
      `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
      undefined,
      'setup_intent_unexpected_state',
    );
  }
  const pmRef = params.payment_method ?? intent.payment_method;
  if (!pmRef) {
    invalidRequest('You cannot confirm this SetupIntent because it\'s missing a payment method.', 'payment_method', 'setup_intent_unexpected_state');
  }
  const pm = paymentMethodFor(store, pmRef);
  const card = testCardOf(pm);
  intent.latest_attempt = newId('setatt');
  if (card.declineAt === 'setup') {
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.last_setup_error = cardDeclinedError(card, { payment_method: structuredClone(pm) });
    throw new RestError(402, cardDeclinedError(card, { setup_intent: structuredClone(intent) }));
  }
  if (intent.customer) attach(pm, intent.customer);
  intent.payment_method = pm.id;
  intent.last_setup_error = null;
  intent.status = 'succeeded';
  return intent;
}

/**
 * What Stripe.js does in a browser: it confirms or reads a SetupIntent with the publishable key and the
 * intent's client_secret. Registered before the secret-key check; any other request goes on to it.
 */
export function publishableKeyRoutes(store: Store): Router {
  const r = express.Router();
  const cors: Handler = (_req, res, next) => {
    res.set('Access-Control-Allow-Origin', '*');
    res.set('Access-Control-Allow-Headers', 'Authorization, Content-Type, Stripe-Version');
    next();
  };
  const withClientSecret = (req: Req): Obj | undefined => {
    if (!/^Bearer pk_test_/.test(req.header('authorization') ?? '')) return undefined;
    const intent = store.get('setup_intent', req.params.id!);
    const secret = req.method === 'GET' ? req.query.client_secret : req.body.client_secret;
    if (secret !== intent.client_secret) {
      invalidRequest('The client_secret provided does not match the client_secret associated with the SetupIntent.', 'client_secret');
    }
    return intent;
  };
  r.options('/v1/setup_intents/:id/confirm', cors, (_req, res) => res.status(204).end());
  r.options('/v1/setup_intents/:id', cors, (_req, res) => res.status(204).end());
  r.post('/v1/setup_intents/:id/confirm', cors, (req, res, next) => {
    const intent = withClientSecret(req);
    if (!intent) return next();
    const { client_secret: _secret, ...params } = req.body;
    res.json(confirm(store, intent, params));
  });
  r.get('/v1/setup_intents/:id', cors, (req, res, next) => {
    const intent = withClientSecret(req);
    if (!intent) return next();
    res.json(intent);
  });
  return r;
}
