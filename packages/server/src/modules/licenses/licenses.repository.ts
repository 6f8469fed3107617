import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LicensesQuery } from '@keydeck/contract/licenses';
import type { Tx } from '../../db/database.ts';
import { licenses } from '../../db/schema/licenses.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

export type LicenseRow = typeof licenses.$inferSelect;
export type NewLicense = typeof licenses.$inferInsert;

export async function listLicenses(tx: Tx, accountId: string, query: LicensesQuery) {
  const where = and(eq(licenses.accountId, accountId), matchesSearch(query.search, [licenses.product, licenses.licenseKey, licenses.notes]));
  const window = pageWindow(
    query,
    { product: licenses.product, valid_from: licenses.validFrom, valid_until: licenses.validUntil, created_at: licenses.createdAt },
    licenses.id,
  );
  const [rows, [count]] = await Promise.all([
    tx.select().from(licenses).where(where).orderBy(...window.orderBy).limit(window.limit).offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(licenses).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export function findLicenses(tx: Tx, accountId: string, ids: string[]) {
  return tx.select().from(licenses).where(and(eq(licenses.accountId, accountId), inArray(licenses.id, ids)));
}

/** Inserts a license; undefined when its key is already taken (the caller draws another). */
export async function insertLicense(tx: Tx, license: NewLicense) {
  const [row] = await tx.insert(licenses).values(license).onConflictDoNothing({ target: licenses.licenseKey }).returning();
  return row;
}

export async function updateLicense(tx: Tx, accountId: string, id: string, changes: Partial<NewLicense>) {
  await tx.update(licenses).set(changes).where(and(eq(licenses.accountId, accountId), eq(licenses.id, id)));
}

export function deleteLicenses(tx: Tx, accountId: string, ids: string[]) {
  return tx.delete(licenses).where(and(eq(licenses.accountId, accountId), inArray(licenses.id, ids))).returning({ id: licenses.id, licenseKey: licenses.licenseKey });
}
