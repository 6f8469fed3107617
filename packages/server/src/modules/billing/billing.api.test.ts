import { BillingMessages, billingCatalogueResponse, paymentsPage, purchaseResponse, subscriptionsResponse } from '@keydeck/contract/billing';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, queryRows, seedAccount, type SeededAccount } from '../../../test/fixtures.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver.ts';
import { signedEvent, startStripeServer, stripeEvent, type StripeServer } from '../../../test/stripe-server.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Billing against a stateful Stripe-compatible server (the product's unchanged SDK, pointed at it by host, port and
 * protocol); webhooks signed with the SDK's own test signer.
 */
let t: TestApp;
let stripeServer: StripeServer;
let stripe: Stripe;
let smtp: SmtpReceiver;
let acme: SeededAccount;
let bravo: SeededAccount;
let acmeAdmin: Visitor;
let acmeViewer: Visitor;
let bravoAdmin: Visitor;
let platformAdmin: Visitor;
let priceId: string;

const WEBHOOK = '/rest/api/v2/billing/stripe/webhook';
const service = (name: string) => ({ name, location: 'us-east', environment: 'production' });

async function signedIn(username: string, password?: string) {
  const visitor = new Visitor(t.app);
  expect((await visitor.signIn(username, password ?? 'Tenant-Password-42!')).statusCode).toBe(200);
  return visitor;
}

function deliver(signed: { payload: string; header: string }) {
  return t.app.inject({ method: 'POST', url: WEBHOOK, payload: signed.payload, headers: { 'content-type': 'application/json', 'stripe-signature': signed.header } });
}
const event = (type: string, object: object) => signedEvent(stripe, stripeServer.webhookSecret, type, object);
/** An event Stripe created `shiftSeconds` from now, signed as delivered now (a late delivery). */
function eventAt(type: string, object: object, shiftSeconds: number) {
  const late = stripeEvent(type, object);
  late.created = (late.created as number) + shiftSeconds;
  const payload = JSON.stringify(late);
  return { payload, header: stripe.webhooks.generateTestHeaderString({ payload, secret: stripeServer.webhookSecret }) };
}

/** The browser's part, done as Stripe.js would: confirm the SetupIntent with a test card. */
async function addCard(by: Visitor, card = 'pm_card_visa') {
  const started = await by.post('/rest/api/v2/billing/setup-intents');
  expect(started.statusCode, started.body).toBe(200);
  const { client_secret, publishable_key } = started.json().data;
  expect(publishable_key).toBe('pk_test_keydeck');
  await stripe.setupIntents.confirm(client_secret.split('_secret_')[0], { payment_method: card });
}

async function buy(by: Visitor, name: string) {
  return by.post('/rest/api/v2/billing/purchases', { price_id: priceId, service: service(name) });
}

beforeAll(async () => {
  stripeServer = await startStripeServer();
  stripe = stripeServer.stripe;
  smtp = await startSmtpReceiver();
  t = await createTestApp({
    STRIPE_SECRET_KEY: stripeServer.apiKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_keydeck',
    STRIPE_WEBHOOK_SECRET: stripeServer.webhookSecret,
    STRIPE_API_HOST: stripeServer.host,
    STRIPE_API_PORT: String(stripeServer.port),
    STRIPE_API_PROTOCOL: 'http',
    SMTP_URL: smtp.url,
  });
  acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-admin', roleNames: [ROLE.admin] },
    { username: 'acme-viewer', roleNames: [ROLE.readOnly] },
  ]);
  bravo = await seedAccount(t.database.db, 'bravo', [{ username: 'bravo-admin', roleNames: [ROLE.admin] }]);
  acmeAdmin = await signedIn('acme-admin');
  acmeViewer = await signedIn('acme-viewer');
  bravoAdmin = await signedIn('bravo-admin');
  platformAdmin = await signedIn(ADMIN.username, ADMIN.password);

  const product = await stripe.products.create({ name: 'Cryptoverse Standard', metadata: { service_type: 'cryptoverse' } });
  priceId = (await stripe.prices.create({ product: product.id, unit_amount: 4900, currency: 'eur', recurring: { interval: 'month' } })).id;
  const unrelated = await stripe.products.create({ name: 'T-shirt' });
  await stripe.prices.create({ product: unrelated.id, unit_amount: 1500, currency: 'eur', recurring: { interval: 'month' } });
});
afterAll(async () => {
  await t.close();
  await stripeServer.close();
  await smtp.close();
});

describe('buying a service', () => {
  it('offers the prices Stripe has for service types, adds a card, buys, and shows the subscription, invoice and next charge', async () => {
    const offers = billingCatalogueResponse.parse((await acmeAdmin.get('/rest/api/v2/billing/catalogue')).json()).data;
    expect(offers).toEqual([
      expect.objectContaining({ price_id: priceId, product_name: 'Cryptoverse Standard', service_type_label: 'Cryptoverse', unit_amount: 4900, currency: 'eur', interval: 'month', owned: 0 }),
    ]);

    const withoutCard = await buy(acmeAdmin, 'No card yet');
    expect([withoutCard.statusCode, withoutCard.json().message]).toEqual([400, BillingMessages.noPaymentMethod]);

    await addCard(acmeAdmin);
    const cards = (await acmeAdmin.get('/rest/api/v2/billing/payment-methods')).json().data;
    expect(cards).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', default: true })]);

    const bought = await buy(acmeAdmin, 'Payments cluster');
    expect(bought.statusCode, bought.body).toBe(201);
    const { subscription, service_id } = purchaseResponse.parse(bought.json()).data;
    expect(subscription).toMatchObject({ status: 'active', amount: 4900, currency: 'eur', product_name: 'Cryptoverse Standard', service: { id: service_id, status: 'PendingApproval' } });
    expect(subscription.current_period_end).not.toBeNull();

    const invoices = (await acmeAdmin.get('/rest/api/v2/billing/invoices')).json().data;
    expect(invoices).toEqual([expect.objectContaining({ status: 'paid', amount_paid: 4900, currency: 'eur' })]);
    expect((await fetch(invoices[0].invoice_pdf)).headers.get('content-type')).toContain('application/pdf');
    const upcoming = (await acmeAdmin.get('/rest/api/v2/billing/upcoming')).json().data;
    expect(upcoming).toMatchObject({ amount: 4900, currency: 'eur' });

    const [audit] = await queryRows<{ actor_username: string; target: string }>(t.database.db, sql`select actor_username, target from audit_events where action = 'billing.purchase' order by id desc limit 1`);
    expect(audit).toMatchObject({ actor_username: 'acme-admin' });
    expect((await acmeViewer.get('/rest/api/v2/billing/subscriptions')).statusCode).toBe(200);
    expect((await buy(acmeViewer, 'Viewer buys')).statusCode).toBe(403);
  });

  it('refuses a purchase the card declines, and the service request goes with it', async () => {
    await addCard(bravoAdmin, 'pm_card_visa_chargeDeclined');
    const declined = await buy(bravoAdmin, 'Declined cluster');
    expect(declined.statusCode).toBe(400);
    expect(declined.json().message).toMatch(/^The payment was refused: /);
    const services = await queryRows(t.database.db, sql`select 1 from services where name = 'Declined cluster'`);
    expect(services).toEqual([]);
  });

  it('cancels at period end, and keeps accounts apart', async () => {
    const [mine] = subscriptionsResponse.parse((await acmeAdmin.get('/rest/api/v2/billing/subscriptions')).json()).data;
    expect((await bravoAdmin.post(`/rest/api/v2/billing/subscriptions/${mine!.id}/cancel`)).statusCode).toBe(404);
    const acmeCard = (await acmeAdmin.get('/rest/api/v2/billing/payment-methods')).json().data[0].id;
    expect((await bravoAdmin.call({ method: 'DELETE', url: `/rest/api/v2/billing/payment-methods/${acmeCard}` })).statusCode).toBe(404);
    expect((await acmeAdmin.get('/rest/api/v2/admin/payments')).statusCode).toBe(403);

    const canceled = await acmeAdmin.post(`/rest/api/v2/billing/subscriptions/${mine!.id}/cancel`);
    expect(canceled.json().data).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect((await acmeAdmin.get('/rest/api/v2/billing/upcoming')).json().data).toBeNull();
  });
});

describe('Stripe webhooks', () => {
  it('refuses an unsigned or forged event and changes nothing', async () => {
    const before = await queryRows(t.database.db, sql`select id from stripe_events`);
    const forged = event('invoice.paid', { id: 'in_forged', customer: 'cus_x' });
    const wrongSecret = signedEvent(stripe, 'whsec_not_the_secret', 'invoice.paid', { id: 'in_forged' });
    expect((await deliver({ payload: forged.payload, header: 't=1,v1=00' })).statusCode).toBe(400);
    expect((await deliver(wrongSecret)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: WEBHOOK, payload: forged.payload, headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect(await queryRows(t.database.db, sql`select id from stripe_events`)).toEqual(before);
  });

  it('applies an event once however often it is delivered, and never lets an older event undo a newer one', async () => {
    const [mine] = subscriptionsResponse.parse((await acmeAdmin.get('/rest/api/v2/billing/subscriptions')).json()).data;
    const live = await stripe.subscriptions.retrieve(mine!.stripe_subscription_id);
    const newer = event('customer.subscription.updated', { ...live, cancel_at_period_end: false });
    const older = eventAt('customer.subscription.updated', { ...live, status: 'unpaid' }, -60);

    expect((await deliver(newer)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(newer)).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver(older)).json()).toEqual({ received: true, duplicate: false });
    const [after] = subscriptionsResponse.parse((await acmeAdmin.get('/rest/api/v2/billing/subscriptions')).json()).data;
    expect(after).toMatchObject({ status: 'active', cancel_at_period_end: false });
  });

  it('marks a failed renewal past due and mails the account administrators; a platform administrator retries and refunds', async () => {
    const [mine] = subscriptionsResponse.parse((await acmeAdmin.get('/rest/api/v2/billing/subscriptions')).json()).data;
    const failed = stripeServer.failRenewal(mine!.stripe_subscription_id);
    const since = smtp.messages.length;
    expect((await deliver(event('invoice.payment_failed', failed))).statusCode).toBe(200);

    const [after] = subscriptionsResponse.parse((await acmeAdmin.get('/rest/api/v2/billing/subscriptions')).json()).data;
    expect(after!.status).toBe('past_due');
    const mail = await smtp.waitFor('acme-admin@example.test', since);
    expect(mail.raw).toContain('Payment failed for Payments cluster');
    expect(smtp.messages.slice(since).some((m) => m.to.includes('acme-viewer@example.test'))).toBe(false);

    const payments = paymentsPage.parse((await platformAdmin.get(`/rest/api/v2/admin/payments?search=acme&status=failed`)).json());
    expect(payments.data).toEqual([expect.objectContaining({ invoice_id: failed.id, status: 'failed', account: { id: acme.accountId, name: 'Company acme' } })]);
    expect((await platformAdmin.post(`/rest/api/v2/admin/payments/${failed.id}/refund`)).statusCode).toBe(409);
    const retried = await platformAdmin.post(`/rest/api/v2/admin/payments/${failed.id}/retry`);
    expect(retried.json().data).toMatchObject({ status: 'paid' });
    const refunded = await platformAdmin.post(`/rest/api/v2/admin/payments/${failed.id}/refund`);
    expect(refunded.json().data).toMatchObject({ status: 'refunded' });
    // The audit log names the payment by its account and product, the invoice's id beside it (issue 27).
    const audited = await queryRows<{ action: string; target: string; target_name: string | null }>(
      t.database.db,
      sql`select action, target, target_name from audit_events where action like 'billing.payment.%' and outcome = 'success' order by id`,
    );
    const named = { target: failed.id, target_name: `Company acme: ${payments.data[0]!.product_name ?? 'invoice'}` };
    expect(audited).toEqual([
      { action: 'billing.payment.retry', ...named },
      { action: 'billing.payment.refund', ...named },
    ]);

    const account = (await platformAdmin.get(`/rest/api/v2/admin/accounts/${acme.accountId}/billing`)).json().data;
    expect(account.customer_id).toMatch(/^cus_/);
    expect(account.payment_methods).toHaveLength(1);
    expect((await platformAdmin.get(`/rest/api/v2/admin/accounts/${bravo.accountId}/billing`)).statusCode).toBe(200);
  });

  it('counts card setups by state per day for the dashboard', async () => {
    const stats = (await platformAdmin.get('/rest/api/v2/admin/setup-intents/stats?days=7')).json().data;
    const today = new Date().toISOString().slice(0, 10);
    const counts = stats.days.find((d: { day: string }) => d.day === today).counts;
    expect(counts.requires_payment_method + counts.succeeded).toBeGreaterThanOrEqual(2);
  });
});

describe('without Stripe keys', () => {
  it('answers 503 with a clear message on every billing call', async () => {
    const off = await createTestApp();
    try {
      await seedAccount(off.database.db, 'solo', [{ username: 'solo-admin', roleNames: [ROLE.admin] }]);
      const visitor = new Visitor(off.app);
      await visitor.signIn('solo-admin', 'Tenant-Password-42!');
      const response = await visitor.get('/rest/api/v2/billing/catalogue');
      expect([response.statusCode, response.json().message]).toEqual([503, BillingMessages.notConfigured]);
    } finally {
      await off.close();
    }
  });
});
