import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { externalCas } from '../../db/schema/external-cas.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

export type ExternalCaRow = typeof externalCas.$inferSelect;
type ListQuery = {
  page: number;
  page_size: number;
  order: 'asc' | 'desc';
  order_by: 'name' | 'not_after';
  search?: string | undefined;
  archived?: boolean | undefined;
};

export async function listExternalCas(tx: Tx, serviceId: string, query: ListQuery) {
  const where = and(
    eq(externalCas.serviceId, serviceId),
    query.archived === undefined ? undefined : eq(externalCas.isArchived, query.archived),
    matchesSearch(query.search, [externalCas.name]),
  );
  const window = pageWindow(query, { name: sql`lower(${externalCas.name})`, not_after: externalCas.notAfter }, externalCas.id);
  const [rows, [count]] = await Promise.all([
    tx.select().from(externalCas).where(where).orderBy(...window.orderBy).limit(window.limit).offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(externalCas).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findExternalCa(tx: Tx, serviceId: string, id: string): Promise<ExternalCaRow | undefined> {
  const [row] = await tx.select().from(externalCas).where(and(eq(externalCas.serviceId, serviceId), eq(externalCas.id, id)));
  return row;
}

export async function nameTaken(tx: Tx, serviceId: string, name: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: externalCas.id })
    .from(externalCas)
    .where(and(eq(externalCas.serviceId, serviceId), sql`lower(${externalCas.name}) = lower(${name})`));
  return row !== undefined;
}

export async function insertExternalCa(tx: Tx, values: typeof externalCas.$inferInsert): Promise<ExternalCaRow> {
  const [row] = await tx.insert(externalCas).values(values).returning();
  return row!;
}

export async function setArchived(tx: Tx, id: string, isArchived: boolean): Promise<ExternalCaRow> {
  const [row] = await tx.update(externalCas).set({ isArchived, updatedAt: sql`now()` }).where(eq(externalCas.id, id)).returning();
  return row!;
}
