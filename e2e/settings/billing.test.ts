import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, inject, it } from 'vitest';
import { signedEvent } from '../../packages/server/test/stripe-server';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { fill, submit } from '../harness/form';
import { Demo, signIn, signInAsPlatformAdmin } from '../harness/sign-in';
import { rows, settled } from '../harness/table';
import { waitForToast } from '../harness/toast';

const browser = useBrowser();
const run = randomBytes(3).toString('hex');
const harness = inject('stripe');
/** The Stripe-compatible server the console talks to, reached with the same SDK. */
const stripe = new Stripe(harness.apiKey, { host: harness.host, port: harness.port, protocol: 'http' });

describe('Billing', () => {
  it('a customer adds a card, buys a service and sees its subscription and invoice; a platform administrator sees the payment', async () => {
    const { page, baseUrl } = browser;
    const productName = `Cryptoverse ${run}`;
    const product = await stripe.products.create({ name: productName, description: 'Payment HSM service', metadata: { service_type: 'cryptoverse' } });
    await stripe.prices.create({ product: product.id, unit_amount: 4900, currency: 'eur', recurring: { interval: 'month' } });
    // Stripe.js is served by js.stripe.com, which this machine cannot reach: refused at once rather than timing out.
    await page.route('https://js.stripe.com/**', (route) => route.abort());

    await signIn(page, Demo.admin.username);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).click();
    await page.waitForURL((url) => url.pathname === '/v2/home/settings/billing/getmoreservices');
    const offer = page.getByRole('article', { name: productName });
    await offer.waitFor();
    expect(await offer.textContent()).toContain('€49.00');
    await page.getByText('No payment method yet').waitFor();

    // The card form is Stripe's: without Stripe.js the page says so plainly.
    await page.getByRole('tab', { name: 'Payment methods' }).click();
    await page.getByRole('button', { name: 'Add card' }).click();
    const cardDialog = await waitForDialog(page);
    await cardDialog.getByText('Card entry is unavailable: Stripe.js could not be loaded from js.stripe.com.', { exact: false }).waitFor();
    await cardDialog.getByRole('button', { name: 'Close' }).first().click();

    // What Stripe.js would do with the card typed into Stripe's field: confirm the page's SetupIntent at Stripe.
    const [intent] = (await stripe.setupIntents.list({ limit: 1 })).data;
    await stripe.setupIntents.confirm(intent!.id, { payment_method: 'pm_card_visa' });
    await page.reload();
    await page.getByText('Visa •••• 4242').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Get more services' }).click();
    await page.getByRole('article', { name: productName }).getByRole('button', { name: `Buy ${productName}` }).click();
    await waitForDialog(page);
    const serviceName = `Shop HSM ${run}`;
    await fill(page, { 'Service name': serviceName });
    await submit(page, 'Buy for €49.00 / month');
    await waitForToast(page, `${serviceName} ordered: it starts once approved.`);
    await page.waitForURL((url) => url.pathname === '/v2/home/settings/billing/subscriptions');
    const subscription = rows(page, 'Subscriptions').filter({ hasText: productName });
    await subscription.waitFor();
    expect(await subscription.textContent()).toContain('Active');
    await page.screenshot({ path: '/tmp/billing-subscriptions.png', fullPage: true });

    await page.getByRole('tab', { name: 'Invoices' }).click();
    await settled(page, 'Invoices');
    const invoiceRow = rows(page, 'Invoices').first();
    expect(await invoiceRow.textContent()).toMatch(/Paid/i);
    const pdf = await invoiceRow.getByRole('link', { name: /^PDF of invoice/ }).getAttribute('href');
    expect((await fetch(pdf!)).headers.get('content-type')).toContain('application/pdf');

    // Stripe tells the console the invoice was paid; the platform administrator sees the payment.
    const [invoice] = (await stripe.invoices.list({ limit: 1 })).data;
    const paid = signedEvent(stripe, harness.webhookSecret, 'invoice.paid', invoice!);
    const delivered = await fetch(`${baseUrl}/rest/api/v2/billing/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': paid.header },
      body: paid.payload,
    });
    expect(delivered.status).toBe(200);

    await page.context().clearCookies();
    await signInAsPlatformAdmin(page);
    await page.goto(`/v2/admin/payments-stripe?search=${encodeURIComponent(invoice!.id!)}`);
    await settled(page, 'Payments');
    const payment = rows(page, 'Payments').filter({ hasText: 'Demo Company' });
    await payment.waitFor();
    expect(await payment.textContent()).toContain('€49.00');
    expect(await payment.textContent()).toContain('Paid');
    await page.screenshot({ path: '/tmp/billing-payments.png', fullPage: true });
  });
});
