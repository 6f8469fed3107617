import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { portRanges } from '../../db/schema/port-ranges.ts';
import { pageWindow } from '../../platform/paging.ts';

export type PortRangeRow = typeof portRanges.$inferSelect & { accountName: string | null };
type ListQuery = { page: number; page_size: number; order: 'asc' | 'desc'; order_by: 'start_port' | 'end_port'; account_id?: string | undefined };

const columns = { range: portRanges, accountName: accounts.name };
const flatten = (rows: { range: typeof portRanges.$inferSelect; accountName: string | null }[]): PortRangeRow[] =>
  rows.map((r) => ({ ...r.range, accountName: r.accountName }));

export async function listRanges(tx: Tx, query: ListQuery) {
  const where = query.account_id ? eq(portRanges.accountId, query.account_id) : undefined;
  const window = pageWindow(query, { start_port: portRanges.startPort, end_port: portRanges.endPort }, portRanges.id);
  const [rows, [count]] = await Promise.all([
    tx.select(columns).from(portRanges).leftJoin(accounts, eq(accounts.id, portRanges.accountId)).where(where)
      .orderBy(...window.orderBy).limit(window.limit).offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(portRanges).where(where),
  ]);
  return { rows: flatten(rows), total: count?.total ?? 0 };
}

export async function findByIds(tx: Tx, ids: string[]) {
  return flatten(
    await tx.select(columns).from(portRanges).leftJoin(accounts, eq(accounts.id, portRanges.accountId)).where(inArray(portRanges.id, ids)),
  );
}

/** Ranges sharing at least one port with start..end (inclusive). */
export function findOverlapping(tx: Tx, start: number, end: number) {
  return tx.select({ id: portRanges.id }).from(portRanges).where(and(lte(portRanges.startPort, end), gte(portRanges.endPort, start)));
}

export async function insertRange(tx: Tx, range: typeof portRanges.$inferInsert) {
  const [row] = await tx.insert(portRanges).values(range).returning({ id: portRanges.id });
  return row!.id;
}

export async function updateRange(tx: Tx, id: string, changes: Partial<typeof portRanges.$inferInsert>) {
  await tx.update(portRanges).set(changes).where(eq(portRanges.id, id));
}

export async function deleteRanges(tx: Tx, ids: string[]) {
  return tx.delete(portRanges).where(inArray(portRanges.id, ids)).returning({ id: portRanges.id });
}
