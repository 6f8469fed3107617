import { and, desc, eq, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { billingCustomers, billingPayments, billingSetupIntents, billingSubscriptions, stripeEvents } from '../../db/schema/billing.ts';
import { services } from '../../db/schema/services.ts';
import { roles, userRoles, users } from '../../db/schema/users.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type PaymentRow = typeof billingPayments.$inferSelect;

export async function customerOf(tx: Tx, accountId: string): Promise<string | undefined> {
  const [row] = await tx.select({ id: billingCustomers.stripeCustomerId }).from(billingCustomers).where(eq(billingCustomers.accountId, accountId));
  return row?.id;
}

export async function accountOfCustomer(tx: Tx, customerId: string): Promise<string | undefined> {
  const [row] = await tx.select({ id: billingCustomers.accountId }).from(billingCustomers).where(eq(billingCustomers.stripeCustomerId, customerId));
  return row?.id;
}

export async function insertCustomer(tx: Tx, accountId: string, stripeCustomerId: string): Promise<void> {
  await tx.insert(billingCustomers).values({ accountId, stripeCustomerId });
}

export async function accountContact(tx: Tx, accountId: string) {
  const [row] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return row;
}

/** Services of each type the account has (any status), for the offers' "you have" counts. */
export async function ownedByType(tx: Tx, accountId: string): Promise<Map<string, number>> {
  const rows = await tx.select({ type: services.type, count: sql<number>`count(*)::int` }).from(services).where(eq(services.accountId, accountId)).groupBy(services.type);
  return new Map(rows.map((r) => [r.type, r.count]));
}

const withService = { subscription: billingSubscriptions, service: { id: services.id, name: services.name, type: services.type, status: services.status } };

export async function subscriptionsOf(tx: Tx, accountId: string) {
  return tx.select(withService).from(billingSubscriptions).leftJoin(services, eq(services.id, billingSubscriptions.serviceId))
    .where(eq(billingSubscriptions.accountId, accountId)).orderBy(desc(billingSubscriptions.createdAt));
}

export async function findSubscription(tx: Tx, accountId: string, id: string) {
  const [row] = await tx.select(withService).from(billingSubscriptions).leftJoin(services, eq(services.id, billingSubscriptions.serviceId))
    .where(and(eq(billingSubscriptions.accountId, accountId), eq(billingSubscriptions.id, id)));
  return row;
}

export async function subscriptionByStripeId(tx: Tx, stripeSubscriptionId: string) {
  const [row] = await tx.select(withService).from(billingSubscriptions).leftJoin(services, eq(services.id, billingSubscriptions.serviceId))
    .where(eq(billingSubscriptions.stripeSubscriptionId, stripeSubscriptionId));
  return row;
}

export async function insertSubscription(tx: Tx, values: typeof billingSubscriptions.$inferInsert): Promise<string> {
  const [row] = await tx.insert(billingSubscriptions).values(values).returning({ id: billingSubscriptions.id });
  return row!.id;
}

/** Applies Stripe's state unless a later event was applied already (events may arrive out of order). */
export async function applySubscriptionState(
  tx: Tx,
  stripeSubscriptionId: string,
  state: Pick<SubscriptionRow, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'stripeUpdatedAt'>,
): Promise<boolean> {
  const updated = await tx.update(billingSubscriptions).set(state)
    .where(and(eq(billingSubscriptions.stripeSubscriptionId, stripeSubscriptionId), lte(billingSubscriptions.stripeUpdatedAt, state.stripeUpdatedAt)))
    .returning({ id: billingSubscriptions.id });
  return updated.length > 0;
}

/** Records a payment's state unless a later event recorded one already. */
export async function upsertPayment(tx: Tx, values: typeof billingPayments.$inferInsert): Promise<void> {
  const { invoiceId: _key, accountId: _account, ...changes } = values;
  await tx.insert(billingPayments).values(values).onConflictDoUpdate({
    target: billingPayments.invoiceId,
    set: changes,
    setWhere: lte(billingPayments.stripeUpdatedAt, values.stripeUpdatedAt),
  });
}

export async function findPayment(tx: Tx, invoiceId: string) {
  const [row] = await tx.select({ payment: billingPayments, accountName: accounts.name }).from(billingPayments)
    .innerJoin(accounts, eq(accounts.id, billingPayments.accountId)).where(eq(billingPayments.invoiceId, invoiceId));
  return row;
}

export async function setPayment(tx: Tx, invoiceId: string, changes: Partial<typeof billingPayments.$inferInsert>): Promise<void> {
  await tx.update(billingPayments).set(changes).where(eq(billingPayments.invoiceId, invoiceId));
}

type PaymentsQuery = { page: number; page_size: number; order: 'asc' | 'desc'; order_by: 'occurred_at' | 'amount'; search?: string | undefined; status?: PaymentRow['status'] | undefined; account_id?: string | undefined };

export async function listPayments(tx: Tx, query: PaymentsQuery) {
  const where = and(
    matchesSearch(query.search, [accounts.name, billingPayments.invoiceId, billingPayments.productName]),
    query.status ? eq(billingPayments.status, query.status) : undefined,
    query.account_id ? eq(billingPayments.accountId, query.account_id) : undefined,
  );
  const window = pageWindow(query, { occurred_at: billingPayments.occurredAt, amount: billingPayments.amount }, billingPayments.invoiceId);
  const [rows, [count]] = await Promise.all([
    tx.select({ payment: billingPayments, accountName: accounts.name }).from(billingPayments).innerJoin(accounts, eq(accounts.id, billingPayments.accountId))
      .where(where).orderBy(...window.orderBy).limit(window.limit).offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(billingPayments).innerJoin(accounts, eq(accounts.id, billingPayments.accountId)).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function upsertSetupIntent(tx: Tx, values: typeof billingSetupIntents.$inferInsert): Promise<void> {
  const { id: _key, accountId: _account, createdAt: _created, ...changes } = values;
  await tx.insert(billingSetupIntents).values(values).onConflictDoUpdate({
    target: billingSetupIntents.id,
    set: changes,
    setWhere: lte(billingSetupIntents.updatedAt, values.updatedAt),
  });
}

/** SetupIntents created per day and state since `since`. */
export async function setupIntentsByDay(tx: Tx, since: Date) {
  return tx.select({ day: sql<string>`to_char(date_trunc('day', ${billingSetupIntents.createdAt}), 'YYYY-MM-DD')`, status: billingSetupIntents.status, count: sql<number>`count(*)::int` })
    .from(billingSetupIntents).where(gte(billingSetupIntents.createdAt, since))
    .groupBy(sql`1`, billingSetupIntents.status).orderBy(sql`1`);
}

/** Unfinished for an hour or more, or failed last time (a decline leaves requires_payment_method with an error). */
export async function setupIntentsNeedingAttention(tx: Tx, since: Date) {
  return tx.select({ intent: billingSetupIntents, accountName: accounts.name }).from(billingSetupIntents).innerJoin(accounts, eq(accounts.id, billingSetupIntents.accountId))
    .where(and(
      gte(billingSetupIntents.createdAt, since),
      inArray(billingSetupIntents.status, ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing']),
      or(sql`${billingSetupIntents.lastError} is not null`, lte(billingSetupIntents.updatedAt, sql`now() - interval '1 hour'`)),
    ))
    .orderBy(desc(billingSetupIntents.updatedAt)).limit(100);
}

/** Records an event id; false when it was recorded before (a repeated delivery). */
export async function recordEvent(tx: Tx, event: typeof stripeEvents.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(stripeEvents).values(event).onConflictDoNothing().returning({ id: stripeEvents.id });
  return inserted.length > 0;
}

/** The e-mail addresses of the account's active users who may manage the company (its administrators). */
export async function administratorEmails(tx: Tx, accountId: string): Promise<string[]> {
  const rows = await tx.selectDistinct({ email: users.email }).from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id)).innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(users.accountId, accountId), eq(users.disabled, false), ne(users.email, ''), sql`'company:manage' = any(${roles.permissions})`));
  return rows.map((r) => r.email);
}
