import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { services } from './services.ts';

/** The Stripe customer of an account, made the first time it sets up a payment method. */
export const billingCustomers = pgTable('billing_customers', {
  accountId: uuid('account_id').primaryKey().references(() => accounts.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An account's subscriptions as Stripe last told us: written when bought, then by webhooks. stripe_updated_at is the
 * created time of the last event applied, so an older event delivered late changes nothing.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    stripeSubscriptionId: text('stripe_subscription_id').notNull().unique(),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    priceId: text('price_id').notNull(),
    productName: text('product_name').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval').notNull(),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    stripeUpdatedAt: timestamp('stripe_updated_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_subscriptions_account').on(t.accountId)],
);

/** One payment per invoice, as Stripe's events report it: what platform administrators search, refund and retry. */
export const billingPayments = pgTable(
  'billing_payments',
  {
    invoiceId: text('invoice_id').primaryKey(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    stripeSubscriptionId: text('stripe_subscription_id'),
    paymentIntentId: text('payment_intent_id'),
    productName: text('product_name'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['paid', 'failed', 'refunded'] }).notNull(),
    failureMessage: text('failure_message'),
    attemptCount: integer('attempt_count').notNull().default(0),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    stripeUpdatedAt: timestamp('stripe_updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('billing_payments_account').on(t.accountId, t.occurredAt)],
);

/** SetupIntents (a card being added) and how they ended, for the platform's dashboard. */
export const billingSetupIntents = pgTable(
  'billing_setup_intents',
  {
    id: text('id').primaryKey(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('billing_setup_intents_created').on(t.createdAt)],
);

/** Every Stripe event processed, by id: a delivery seen before is acknowledged and not applied again. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  accountId: uuid('account_id'),
  created: timestamp('created', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  summary: jsonb('summary'),
});
