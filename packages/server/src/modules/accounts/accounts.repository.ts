import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { roles, userRoles, users } from '../../db/schema/users.ts';

export type NewAccount = typeof accounts.$inferInsert;
export type NewUser = typeof users.$inferInsert;

export async function insertAccount(tx: Tx, account: NewAccount) {
  const [row] = await tx.insert(accounts).values(account).onConflictDoNothing().returning();
  return row;
}

export async function findPlatformAccount(tx: Tx) {
  const [row] = await tx.select().from(accounts).where(eq(accounts.isPlatform, true));
  return row;
}

export async function findAccountBySlug(tx: Tx, slug: string) {
  const [row] = await tx.select().from(accounts).where(eq(accounts.accountSlug, slug));
  return row;
}

export async function insertRole(tx: Tx, role: typeof roles.$inferInsert) {
  const [row] = await tx.insert(roles).values(role).returning();
  return row!;
}

export async function findRoleByName(tx: Tx, accountId: string, name: string) {
  const [row] = await tx
    .select()
    .from(roles)
    .where(sql`${roles.accountId} = ${accountId} and ${roles.name} = ${name}`);
  return row;
}

export async function insertUser(tx: Tx, user: NewUser) {
  const [row] = await tx.insert(users).values(user).onConflictDoNothing().returning();
  return row;
}

export async function grantRole(tx: Tx, grant: typeof userRoles.$inferInsert) {
  await tx.insert(userRoles).values(grant).onConflictDoNothing();
}

export async function countPlatformAdmins(tx: Tx, accountId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.accountId} = ${accountId} and ${users.platformAdmin}`);
  return row?.n ?? 0;
}
