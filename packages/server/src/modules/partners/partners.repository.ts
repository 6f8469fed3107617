import { PARTNER_REVENUE_DAYS } from '@keydeck/contract/partners';
import type { PartnersQuery } from '@keydeck/contract/partners-queries';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { billingPayments } from '../../db/schema/billing.ts';
import { partnerAccounts, partners } from '../../db/schema/partners.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

export type PartnerRow = typeof partners.$inferSelect;
export type PartnerListRow = PartnerRow & { accountCount: number };
export type RevenueRow = { partnerId: string; currency: string; amount: number; commission: number };

const partnerColumns = {
  id: partners.id,
  name: partners.name,
  contactEmail: partners.contactEmail,
  commissionPercent: partners.commissionPercent,
  status: partners.status,
  createdAt: partners.createdAt,
  createdBy: partners.createdBy,
  updatedAt: partners.updatedAt,
};

const accountCount = sql<number>`(select count(*)::int from ${partnerAccounts} where ${partnerAccounts.partnerId} = ${partners.id})`;

export async function listPartners(tx: Tx, query: PartnersQuery): Promise<{ rows: PartnerListRow[]; total: number }> {
  const where = and(matchesSearch(query.search, [partners.name, partners.contactEmail]), query.status ? eq(partners.status, query.status) : undefined);
  const order = { name: sql`lower(${partners.name})`, created_at: partners.createdAt, status: partners.status };
  const window = pageWindow(query, order, partners.id);
  const rows = await tx.select({ ...partnerColumns, accountCount }).from(partners).where(where).orderBy(...window.orderBy).limit(window.limit).offset(window.offset);
  const [count] = await tx.select({ total: sql<number>`count(*)::int` }).from(partners).where(where);
  return { rows, total: count?.total ?? 0 };
}

/** One partner with its account count; `forUpdate` locks it so a suspension and an assignment cannot cross. */
export async function findPartner(tx: Tx, id: string, forUpdate = false): Promise<PartnerListRow | undefined> {
  if (forUpdate) await tx.select({ id: partners.id }).from(partners).where(eq(partners.id, id)).for('update');
  const [row] = await tx.select({ ...partnerColumns, accountCount }).from(partners).where(eq(partners.id, id));
  return row;
}

export async function nameTaken(tx: Tx, name: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: partners.id })
    .from(partners)
    .where(and(sql`lower(${partners.name}) = lower(${name})`, exceptId ? ne(partners.id, exceptId) : undefined));
  return rows.length > 0;
}

export async function insertPartner(tx: Tx, values: typeof partners.$inferInsert): Promise<PartnerRow> {
  const [row] = await tx.insert(partners).values(values).returning();
  return row!;
}

export async function updatePartner(tx: Tx, id: string, changes: Partial<typeof partners.$inferInsert>): Promise<void> {
  await tx.update(partners).set({ ...changes, updatedAt: new Date() }).where(eq(partners.id, id));
}

/**
 * Paid revenue of the partners' accounts over the last PARTNER_REVENUE_DAYS days, per partner and currency, with
 * the commission on it: the sum times the partner's percent, rounded to the currency's minor unit (exact numeric).
 */
export async function revenue(tx: Tx, partnerIds: string[]): Promise<RevenueRow[]> {
  if (partnerIds.length === 0) return [];
  const amount = sql`sum(${billingPayments.amount})`;
  return tx
    .select({
      partnerId: partnerAccounts.partnerId,
      currency: billingPayments.currency,
      amount: sql<number>`${amount}::float8`.mapWith(Number),
      commission: sql<number>`round(${amount}::numeric * ${partners.commissionPercent} / 100)::float8`.mapWith(Number),
    })
    .from(billingPayments)
    .innerJoin(partnerAccounts, eq(partnerAccounts.accountId, billingPayments.accountId))
    .innerJoin(partners, eq(partners.id, partnerAccounts.partnerId))
    .where(
      and(
        inArray(partnerAccounts.partnerId, partnerIds),
        eq(billingPayments.status, 'paid'),
        sql`${billingPayments.occurredAt} >= now() - make_interval(days => ${PARTNER_REVENUE_DAYS})`,
      ),
    )
    .groupBy(partnerAccounts.partnerId, billingPayments.currency, partners.commissionPercent)
    .orderBy(asc(billingPayments.currency));
}

/** The partner's accounts by name, with when and by whom each was assigned. */
export function accountsOf(tx: Tx, partnerId: string) {
  return tx
    .select({ id: accounts.id, name: accounts.name, assignedAt: partnerAccounts.assignedAt, assignedBy: partnerAccounts.assignedBy })
    .from(partnerAccounts)
    .innerJoin(accounts, eq(accounts.id, partnerAccounts.accountId))
    .where(eq(partnerAccounts.partnerId, partnerId))
    .orderBy(asc(sql`lower(${accounts.name})`), asc(accounts.id));
}

/** The account's assignment with its partner, if it has one. */
export async function findAssignment(tx: Tx, accountId: string) {
  const [row] = await tx
    .select({ assignment: partnerAccounts, partner: partners })
    .from(partnerAccounts)
    .innerJoin(partners, eq(partners.id, partnerAccounts.partnerId))
    .where(eq(partnerAccounts.accountId, accountId));
  return row;
}

/** The account belongs to this partner from now on (replacing any earlier one). */
export async function assign(tx: Tx, values: { accountId: string; partnerId: string; assignedBy: string }): Promise<void> {
  const assignedAt = new Date();
  await tx
    .insert(partnerAccounts)
    .values({ ...values, assignedAt })
    .onConflictDoUpdate({ target: partnerAccounts.accountId, set: { partnerId: values.partnerId, assignedBy: values.assignedBy, assignedAt } });
}

export async function unassign(tx: Tx, accountId: string): Promise<boolean> {
  const rows = await tx.delete(partnerAccounts).where(eq(partnerAccounts.accountId, accountId)).returning({ accountId: partnerAccounts.accountId });
  return rows.length > 0;
}
