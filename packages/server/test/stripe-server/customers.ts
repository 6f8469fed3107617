import type { Obj, Router } from './mock.ts';
import { ACCOUNT, express, hideUnexpanded, mockCustomers } from './mock.ts';
import { customerPaymentMethod } from './payment-methods.ts';
import type { Store } from './store.ts';
import { expand, expandParam } from './store.ts';

/**
 * The mock's customers, with what it leaves out: `name` on create, and invoice_settings updated field by
 * field with default_payment_method checked against the customer's attached payment methods.
 */
export function customerRoutes(store: Store): Router {
  const r = express.Router();
  const reply = (customer: Obj, paths: string[]) => {
    const visible = hideUnexpanded(customer, ['sources', 'subscriptions'], paths);
    return expand(store, visible, paths.filter((p) => p !== 'sources' && p !== 'subscriptions'));
  };
  r.post('/v1/customers', (req, res) => {
    const { invoice_settings: settings, ...rest } = req.body;
    const created = mockCustomers.create(ACCOUNT, rest);
    const customer = mockCustomers.retrieve(ACCOUNT, created.id, 'id');
    customer.name = req.body.name ?? null;
    customer.phone = req.body.phone ?? null;
    if (settings) updateInvoiceSettings(store, customer, settings);
    res.json(reply(customer, expandParam(req)));
  });
  r.get('/v1/customers/:id', (req, res) => {
    res.json(reply(mockCustomers.retrieve(ACCOUNT, req.params.id!, 'id'), expandParam(req)));
  });
  r.post('/v1/customers/:id', (req, res) => {
    const customer = mockCustomers.retrieve(ACCOUNT, req.params.id!, 'id');
    const { invoice_settings: settings, ...rest } = req.body;
    if (settings) updateInvoiceSettings(store, customer, settings);
    mockCustomers.update(ACCOUNT, customer.id, rest);
    res.json(reply(customer, expandParam(req)));
  });
  return r;
}

function updateInvoiceSettings(store: Store, customer: Obj, settings: Obj): void {
  const pmId = settings.default_payment_method;
  if (pmId) customerPaymentMethod(store, customer.id, pmId, 'invoice_settings[default_payment_method]');
  customer.invoice_settings = {
    custom_fields: null,
    footer: null,
    rendering_options: null,
    ...customer.invoice_settings,
    ...settings,
    ...(pmId !== undefined ? { default_payment_method: pmId || null } : {}),
  };
}
