import { eq } from 'drizzle-orm';
import type { AllowedFlows } from '@keydeck/contract/allowed-flows';
import type { Tx } from '../../db/database.ts';
import { accountAllowedFlows } from '../../db/schema/allowed-flows.ts';

/** The account's stored setting; undefined when it never changed (every method allowed). */
export async function findFlows(tx: Tx, accountId: string): Promise<AllowedFlows | undefined> {
  const [row] = await tx
    .select({ password: accountAllowedFlows.password, openid: accountAllowedFlows.openid })
    .from(accountAllowedFlows)
    .where(eq(accountAllowedFlows.accountId, accountId));
  return row;
}

export async function saveFlows(tx: Tx, accountId: string, flows: AllowedFlows): Promise<void> {
  const values = { password: flows.password, openid: flows.openid, updatedAt: new Date() };
  await tx
    .insert(accountAllowedFlows)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: accountAllowedFlows.accountId, set: values });
}
