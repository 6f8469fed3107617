import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accountMarketplaces, registrations } from '../../db/schema/registrations.ts';

export type NewRegistration = Omit<typeof registrations.$inferInsert, 'expiresAt' | 'createdAt'>;

export async function insertRegistration(tx: Tx, registration: NewRegistration, validSeconds: number) {
  await tx.insert(registrations).values({ ...registration, expiresAt: sql`now() + make_interval(secs => ${validSeconds})` });
}

/** Expired sign-ups hold an email address and a password hash nobody can use any more. */
export async function deleteExpiredRegistrations(tx: Tx) {
  await tx.delete(registrations).where(lte(registrations.expiresAt, sql`now()`));
}

/**
 * Takes the live registration with this token hash, deleting it in the same statement, so two parallel
 * confirmations cannot both create the account. Undefined when unknown, used or expired.
 */
export async function consumeRegistration(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .delete(registrations)
    .where(and(eq(registrations.tokenHash, tokenHash), gt(registrations.expiresAt, sql`now()`)))
    .returning();
  return row;
}

export async function insertMarketplace(tx: Tx, entry: { accountId: string; provider: string; token: string }) {
  await tx.insert(accountMarketplaces).values(entry);
}

export async function findMarketplace(tx: Tx, accountId: string) {
  const [row] = await tx.select().from(accountMarketplaces).where(eq(accountMarketplaces.accountId, accountId));
  return row;
}
