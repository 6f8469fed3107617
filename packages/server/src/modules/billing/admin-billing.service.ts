import { BillingMessages, SETUP_INTENT_STATES, type Payment, type PaymentsQuery } from '@keydeck/contract/billing';
import type Stripe from 'stripe';
import type { Tx } from '../../db/database.ts';
import { iso } from '../../db/raw-sql.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import * as billing from './billing.service.ts';
import * as repo from './billing.repository.ts';
import { stripeCall } from './stripe-client.ts';

export async function listPayments(tx: Tx, query: PaymentsQuery) {
  const { rows, total } = await repo.listPayments(tx, query);
  return { data: rows.map(paymentToWire), total };
}

/** Refunds a paid invoice's payment in full through Stripe, then records it refunded. */
export async function refund(tx: Tx, stripe: Stripe, invoiceId: string): Promise<Payment> {
  const found = await repo.findPayment(tx, invoiceId);
  if (!found) throw notFound();
  if (found.payment.status !== 'paid') throw conflict('not_refundable', BillingMessages.notRefundable);
  const invoice = await stripeCall(() => stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }));
  const intent = invoice.payments?.data.find((p) => p.status === 'paid')?.payment.payment_intent;
  const paymentIntent = typeof intent === 'string' ? intent : intent?.id;
  if (!paymentIntent) throw conflict('not_refundable', BillingMessages.notRefundable);
  await stripeCall(() => stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey: `refund-${invoiceId}` }));
  await repo.setPayment(tx, invoiceId, { status: 'refunded', paymentIntentId: paymentIntent, stripeUpdatedAt: billing.stripeNow() });
  return paymentToWire((await repo.findPayment(tx, invoiceId))!);
}

/** Asks Stripe to collect a failed invoice again now (with the customer's current default card). */
export async function retry(tx: Tx, stripe: Stripe, invoiceId: string): Promise<Payment> {
  const found = await repo.findPayment(tx, invoiceId);
  if (!found) throw notFound();
  if (found.payment.status !== 'failed') throw conflict('not_retriable', BillingMessages.notRetriable);
  const paid = await stripeCall(() => stripe.invoices.pay(invoiceId));
  await repo.setPayment(tx, invoiceId, {
    status: paid.status === 'paid' ? 'paid' : 'failed',
    amount: paid.status === 'paid' ? paid.amount_paid : paid.amount_due,
    attemptCount: paid.attempt_count,
    failureMessage: paid.status === 'paid' ? null : found.payment.failureMessage,
    stripeUpdatedAt: billing.stripeNow(),
  });
  return paymentToWire((await repo.findPayment(tx, invoiceId))!);
}

/** One account's customer, subscriptions and cards, for its stripe tab. */
export async function accountBilling(tx: Tx, stripe: Stripe, accountId: string) {
  if (!(await repo.accountContact(tx, accountId))) throw notFound();
  return {
    customer_id: (await repo.customerOf(tx, accountId)) ?? null,
    subscriptions: await billing.subscriptions(tx, accountId),
    payment_methods: await billing.paymentMethods(tx, stripe, accountId),
  };
}

/** SetupIntents per day and state over the last `days` days (every state on every day, zero where none). */
export async function setupIntentStats(tx: Tx, days: number) {
  const since = new Date(Date.now() - days * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const counted = await repo.setupIntentsByDay(tx, since);
  const byDay = new Map<string, Record<string, number>>();
  for (let d = 0; d <= days; d++) {
    const day = new Date(since.getTime() + d * 86_400_000).toISOString().slice(0, 10);
    byDay.set(day, Object.fromEntries(SETUP_INTENT_STATES.map((s) => [s, 0])));
  }
  for (const row of counted) {
    const counts = byDay.get(row.day);
    if (counts) counts[row.status] = (counts[row.status] ?? 0) + row.count;
  }
  const attention = await repo.setupIntentsNeedingAttention(tx, since);
  return {
    days: [...byDay].map(([day, counts]) => ({ day, counts })),
    attention: attention.map(({ intent, accountName }) => ({
      id: intent.id,
      account: { id: intent.accountId, name: accountName },
      status: intent.status,
      last_error: intent.lastError,
      created_at: iso(intent.createdAt),
      updated_at: iso(intent.updatedAt),
    })),
  };
}

function paymentToWire({ payment: p, accountName }: { payment: repo.PaymentRow; accountName: string }): Payment {
  return {
    invoice_id: p.invoiceId,
    account: { id: p.accountId, name: accountName },
    subscription_id: p.stripeSubscriptionId,
    product_name: p.productName,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    failure_message: p.failureMessage,
    attempt_count: p.attemptCount,
    occurred_at: iso(p.occurredAt),
  };
}
