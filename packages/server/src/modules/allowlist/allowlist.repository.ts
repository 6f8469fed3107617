import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { ipAllowlist } from '../../db/schema/allowlist.ts';

export function listEntries(tx: Tx, accountId: string) {
  return tx.select().from(ipAllowlist).where(eq(ipAllowlist.accountId, accountId)).orderBy(asc(ipAllowlist.createdAt), asc(ipAllowlist.id));
}

export async function findAccountPolicy(tx: Tx, accountId: string) {
  const [row] = await tx
    .select({ enforceIp: accounts.enforceIp, allowance: accounts.adminWhitelistAllowance })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}

export async function insertEntry(tx: Tx, accountId: string, ipAddress: string) {
  await tx.insert(ipAllowlist).values({ accountId, ipAddress });
}

export async function deleteEntry(tx: Tx, accountId: string, ipAddress: string) {
  const rows = await tx
    .delete(ipAllowlist)
    .where(and(eq(ipAllowlist.accountId, accountId), eq(ipAllowlist.ipAddress, ipAddress)))
    .returning({ id: ipAllowlist.id });
  return rows.length;
}
