import { BillingMessages } from '@keydeck/contract/billing';
import type Stripe from 'stripe';
import type { Tx } from '../../db/database.ts';
import type { Mail } from '../../platform/mailer.ts';
import * as repo from './billing.repository.ts';
import { subscriptionState } from './billing.service.ts';

export type WebhookOutcome = { accountId: string | null; duplicate: boolean; mail: Mail | null };

/**
 * Applies one verified Stripe event, once: its id is recorded first, so a repeated delivery changes nothing. Events
 * may come out of order: each change carries the event's time and does not overwrite what a later event wrote.
 */
export async function applyEvent(tx: Tx, event: Stripe.Event, billingUrl: string): Promise<WebhookOutcome> {
  const object = event.data.object as { customer?: string | { id: string } | null; metadata?: Record<string, string> | null };
  const customer = typeof object.customer === 'string' ? object.customer : object.customer?.id;
  const accountId = object.metadata?.account_id ?? (customer ? ((await repo.accountOfCustomer(tx, customer)) ?? null) : null);
  const at = new Date(event.created * 1000);
  const first = await repo.recordEvent(tx, { id: event.id, type: event.type, accountId, created: at });
  if (!first || !accountId) return { accountId, duplicate: !first, mail: null };

  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      await repo.applySubscriptionState(tx, event.data.object.id, subscriptionState(event.data.object, at));
      break;
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      await recordPayment(tx, event.data.object, accountId, 'paid', null, at);
      break;
    case 'invoice.payment_failed':
      return { accountId, duplicate: false, mail: await paymentFailed(tx, event.data.object, accountId, at, billingUrl) };
    case 'setup_intent.created':
    case 'setup_intent.succeeded':
    case 'setup_intent.setup_failed':
    case 'setup_intent.requires_action':
    case 'setup_intent.canceled': {
      const intent = event.data.object;
      await repo.upsertSetupIntent(tx, {
        id: intent.id,
        accountId,
        status: intent.status,
        lastError: intent.last_setup_error?.message ?? null,
        createdAt: new Date(intent.created * 1000),
        updatedAt: at,
      });
      break;
    }
    default:
      break;
  }
  return { accountId, duplicate: false, mail: null };
}

/** A renewal failed: the payment is recorded as failed, the subscription is past due, the account's administrators are told. */
async function paymentFailed(tx: Tx, invoice: Stripe.Invoice, accountId: string, at: Date, billingUrl: string): Promise<Mail | null> {
  const reason = invoice.last_finalization_error?.message ?? 'The card was declined.';
  await recordPayment(tx, invoice, accountId, 'failed', reason, at);
  const subscriptionId = subscriptionOf(invoice);
  const found = subscriptionId ? await repo.subscriptionByStripeId(tx, subscriptionId) : undefined;
  if (found) {
    await repo.applySubscriptionState(tx, found.subscription.stripeSubscriptionId, {
      status: 'past_due',
      currentPeriodEnd: found.subscription.currentPeriodEnd,
      cancelAtPeriodEnd: found.subscription.cancelAtPeriodEnd,
      stripeUpdatedAt: at,
    });
  }
  const to = await repo.administratorEmails(tx, accountId);
  if (to.length === 0) return null;
  const what = found?.service?.name ?? found?.subscription.productName ?? 'your subscription';
  const money = new Intl.NumberFormat('en', { style: 'currency', currency: invoice.currency.toUpperCase() }).format(invoice.amount_due / 100);
  return {
    to,
    subject: BillingMessages.pastDueSubject(what),
    text: [
      `The payment of ${money} for ${what} failed: ${reason}`,
      'The subscription is past due. Stripe retries the payment over the coming days; update the card to avoid an interruption:',
      billingUrl,
    ].join('\n\n'),
  };
}

async function recordPayment(tx: Tx, invoice: Stripe.Invoice, accountId: string, status: 'paid' | 'failed', failure: string | null, at: Date) {
  const subscriptionId = subscriptionOf(invoice);
  const found = subscriptionId ? await repo.subscriptionByStripeId(tx, subscriptionId) : undefined;
  await repo.upsertPayment(tx, {
    invoiceId: invoice.id!,
    accountId,
    stripeSubscriptionId: subscriptionId,
    productName: found?.subscription.productName ?? invoice.lines?.data[0]?.description ?? null,
    amount: status === 'paid' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status,
    failureMessage: failure,
    attemptCount: invoice.attempt_count,
    occurredAt: at,
    stripeUpdatedAt: at,
  });
}

/** The subscription an invoice bills (API 2025+: under parent.subscription_details). */
export function subscriptionOf(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  return typeof subscription === 'string' ? subscription : (subscription?.id ?? null);
}
