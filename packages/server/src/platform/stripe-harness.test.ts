import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeServer } from '../../test/stripe-server.ts';
import { postEvent, signedEvent, startStripeServer } from '../../test/stripe-server.ts';

/**
 * The Stripe test counterpart (test/stripe-server.ts) driven through the official SDK, in the order the
 * billing flows use it. The steps share one Stripe account and build on one another.
 */
describe('Stripe test server', () => {
  let harness: StripeServer;
  let stripe: Stripe;
  let price: Stripe.Price;
  let customer: Stripe.Customer;
  let card: Stripe.PaymentMethod;
  let subscription: Stripe.Subscription;
  let firstInvoice: Stripe.Invoice;

  beforeAll(async () => {
    harness = await startStripeServer();
    stripe = harness.stripe;
  });
  afterAll(() => harness.close());

  it('refuses a key that is not a secret test key', async () => {
    const { default: StripeSdk } = await import('stripe');
    const other = new StripeSdk('sk_live_x', { host: harness.host, port: harness.port, protocol: harness.protocol });
    await expect(other.customers.list()).rejects.toMatchObject({ statusCode: 401 });
  });

  it('lists the active catalogue with products expanded', async () => {
    const product = await stripe.products.create({ name: 'Cloud HSM', metadata: { service_type: 'cloud_hsm' } });
    price = await stripe.prices.create({ product: product.id, unit_amount: 4900, currency: 'eur', recurring: { interval: 'month' } });
    const archived = await stripe.prices.create({ product: product.id, unit_amount: 100, currency: 'eur', recurring: { interval: 'month' } });
    await stripe.prices.update(archived.id, { active: false });

    const list = await stripe.prices.list({ active: true, expand: ['data.product'] });
    expect(list.data.map((p) => p.id)).toEqual([price.id]);
    const listed = list.data[0]!;
    expect(listed.product).toMatchObject({ id: product.id, metadata: { service_type: 'cloud_hsm' } });
    expect(listed).toMatchObject({ unit_amount: 4900, currency: 'eur', recurring: { interval: 'month' } });
  });

  it('creates, reads and updates a customer', async () => {
    customer = await stripe.customers.create({ email: 'owner@example.com', name: 'Acme Ltd', metadata: { account_id: '42' } });
    expect(customer.id).toMatch(/^cus_/);
    const read = await stripe.customers.retrieve(customer.id);
    expect(read).toMatchObject({ email: 'owner@example.com', name: 'Acme Ltd', metadata: { account_id: '42' } });
    await expect(
      stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: 'pm_unknown' } }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('saves a card through a SetupIntent confirmed with pm_card_visa', async () => {
    const intent = await stripe.setupIntents.create({
      customer: customer.id,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
      metadata: { account_id: '42' },
    });
    expect(intent.status).toBe('requires_payment_method');
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));

    const confirmed = await stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(confirmed.status).toBe('succeeded');
    card = await stripe.paymentMethods.retrieve(confirmed.payment_method as string);
    expect(card).toMatchObject({ id: expect.stringMatching(/^pm_/), customer: customer.id, type: 'card' });
    expect(card.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: expect.any(Number), exp_year: expect.any(Number) });

    const listed = await stripe.setupIntents.list({ customer: customer.id, created: { gte: intent.created }, limit: 10 });
    expect(listed.data.map((s) => [s.id, s.status])).toEqual([[intent.id, 'succeeded']]);
    expect((await stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data.map((p) => p.id)).toEqual([card.id]);
    expect((await stripe.customers.listPaymentMethods(customer.id)).data.map((p) => p.id)).toEqual([card.id]);

    const updated = await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: card.id } });
    expect(updated.invoice_settings.default_payment_method).toBe(card.id);
  });

  it('refuses a card declined at setup with last_setup_error, and takes a browser confirmation by client secret', async () => {
    const intent = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session', allowed_payment_method_types: ['card'] });
    const refused = await stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined' });
    const after = await stripe.setupIntents.retrieve(intent.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_setup_error).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });

    // What Stripe.js sends from the browser: the publishable key and the intent's client secret.
    const browserConfirm = (secret: string) =>
      fetch(`${harness.url}/v1/setup_intents/${intent.id}/confirm`, {
        method: 'POST',
        headers: { authorization: 'Bearer pk_test_browser', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_secret: secret, payment_method: 'pm_card_visa_chargeDeclined' }),
      });
    expect((await browserConfirm('seti_wrong_secret_x')).status).toBe(400);
    const ok = await browserConfirm(after.client_secret!);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: intent.id, status: 'succeeded' });
  });

  it('creates a subscription whose first invoice is paid, with a downloadable PDF', async () => {
    subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      default_payment_method: card.id,
      metadata: { account_id: '42' },
      payment_behavior: 'error_if_incomplete',
      expand: ['latest_invoice'],
    });
    expect(subscription.status).toBe('active');
    const item = subscription.items.data[0]!;
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start);
    expect(subscription).toMatchObject({ current_period_start: item.current_period_start, current_period_end: item.current_period_end });

    firstInvoice = subscription.latest_invoice as Stripe.Invoice;
    expect(firstInvoice).toMatchObject({
      status: 'paid',
      amount_paid: 4900,
      billing_reason: 'subscription_create',
      customer: customer.id,
      parent: { subscription_details: { subscription: subscription.id } },
    });
    const pdf = await fetch(firstInvoice.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toMatch(/^application\/pdf/);
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(bytes.startsWith('%PDF-1.4')).toBe(true);
    expect(bytes).toContain(`Invoice ${firstInvoice.number}`);
    expect((await fetch(firstInvoice.hosted_invoice_url!)).status).toBe(200);

    const listed = await stripe.invoices.list({ subscription: subscription.id, limit: 10 });
    expect(listed.data.map((i) => i.id)).toEqual([firstInvoice.id]);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data.map((s) => s.id)).toEqual([subscription.id]);
  });

  it('previews the next invoice at the end of the period', async () => {
    const upcoming = await stripe.invoices.createPreview({ customer: customer.id, subscription: subscription.id });
    const end = subscription.items.data[0]!.current_period_end;
    expect(upcoming).toMatchObject({ amount_due: 4900, next_payment_attempt: end, status: 'draft' });
    expect(upcoming.lines.data[0]).toMatchObject({ amount: 4900, period: { start: end } });
    // Without a subscription: the customer's next renewal.
    expect((await stripe.invoices.createPreview({ customer: customer.id })).parent?.subscription_details?.subscription).toBe(subscription.id);
  });

  it('refuses a subscription paid by a card that declines, with 402 and no subscription left', async () => {
    const other = await stripe.customers.create({ email: 'late@example.com' });
    const intent = await stripe.setupIntents.create({ customer: other.id, usage: 'off_session', allowed_payment_method_types: ['card'] });
    const declining = await stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_visa_chargeDeclined' });
    expect(declining.status).toBe('succeeded');

    const refused = await stripe.subscriptions
      .create({ customer: other.id, items: [{ price: price.id }], default_payment_method: declining.payment_method as string, payment_behavior: 'error_if_incomplete' })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined' });
    expect((await stripe.subscriptions.list({ customer: other.id, status: 'all' })).data).toEqual([]);
  });

  it('retries a failed renewal invoice, which the card on file then pays', async () => {
    const failed = harness.failRenewal(subscription.id);
    expect(failed).toMatchObject({ status: 'open', attempt_count: 1, billing_reason: 'subscription_cycle', amount_due: 4900 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');

    const paid = await stripe.invoices.pay(failed.id!);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 4900, attempt_count: 2 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    await expect(stripe.invoices.pay(failed.id!)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('refunds the first invoice by its payment intent', async () => {
    const invoice = await stripe.invoices.retrieve(firstInvoice.id!, { expand: ['payments'] });
    const paymentIntent = invoice.payments!.data[0]!.payment.payment_intent as string;
    const refund = await stripe.refunds.create({ payment_intent: paymentIntent });
    expect(refund).toMatchObject({ status: 'succeeded', amount: 4900, payment_intent: paymentIntent });
    const intent = await stripe.paymentIntents.retrieve(paymentIntent, { expand: ['latest_charge'] });
    expect(intent.latest_charge).toMatchObject({ refunded: true, amount_refunded: 4900 });
  });

  it('cancels at period end, then at once', async () => {
    const end = subscription.items.data[0]!.current_period_end;
    const scheduled = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(scheduled).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(scheduled.cancel_at).toBeGreaterThanOrEqual(end);
    await expect(stripe.invoices.createPreview({ customer: customer.id, subscription: subscription.id })).rejects.toMatchObject({
      code: 'invoice_upcoming_none',
    });
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe('canceled');
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data.map((s) => s.status)).toEqual(['canceled']);
  });

  it('detaches a payment method', async () => {
    const detached = await stripe.paymentMethods.detach(card.id);
    expect(detached.customer).toBeNull();
    const left = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    // The card the browser confirmed stays; the detached one is gone.
    expect(left.data.map((p) => p.card?.last4)).toEqual(['0002']);
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ invoice_settings: { default_payment_method: null } });
  });

  it('signs webhook events that the SDK verifies, and lets a test resend one', async () => {
    const received: { status: number; event?: Stripe.Event }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        try {
          const event = stripe.webhooks.constructEvent(Buffer.concat(chunks), String(req.headers['stripe-signature']), harness.webhookSecret);
          received.push({ status: 200, event });
          res.writeHead(200).end();
        } catch {
          received.push({ status: 400 });
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
    try {
      expect((await harness.sendEvent(endpoint, 'invoice.paid', firstInvoice)).status).toBe(200);
      const signed = signedEvent(stripe, harness.webhookSecret, 'invoice.payment_failed', firstInvoice);
      await postEvent(endpoint, signed);
      await postEvent(endpoint, signed);
      expect((await postEvent(endpoint, { payload: signed.payload, header: 't=1,v1=forged' })).status).toBe(400);

      expect(received.map((r) => [r.status, r.event?.type])).toEqual([
        [200, 'invoice.paid'],
        [200, 'invoice.payment_failed'],
        [200, 'invoice.payment_failed'],
        [400, undefined],
      ]);
      expect(received[1]!.event!.id).toBe(received[2]!.event!.id);
      expect(received[0]!.event).toMatchObject({ object: 'event', livemode: false, data: { object: { id: firstInvoice.id } } });
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
