import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-sql.ts';

/**
 * Runs work in the caller's transaction with the platform's rows in view. A customer's request places its cloud
 * HSM on a provisioner and holds a license seat, and its reads name the provisioner and its state: rows that
 * row-level security keeps from customers (provisioners and licenses are platform-only; capacity and seats count
 * every account's HSMs). Only the queries inside see them; the transaction's own scope is put back afterwards,
 * so nothing else the request does sees more than before. Callers answer with nothing of another account's.
 */
export async function withPlatformView<T>(tx: Tx, work: () => Promise<T>): Promise<T> {
  const [setting] = await rowsOf<{ bypass: string | null }>(tx, sql`select current_setting('keydeck.bypass_rls', true) as bypass`);
  const before = setting?.bypass ?? '';
  if (before === 'on') return work();
  await tx.execute(sql`select set_config('keydeck.bypass_rls', 'on', true)`);
  try {
    return await work();
  } finally {
    // A failed statement aborted the transaction: it rolls back whole, and the setting with it.
    await tx.execute(sql`select set_config('keydeck.bypass_rls', ${before}, true)`).catch(() => undefined);
  }
}
