import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.ts';

/**
 * Whose rows a transaction may touch. Row-level security reads this through two settings, so a query
 * that forgets its account filter still sees only the acting account's rows.
 * bypass is set only for platform administrators and for the server's own system work (sign-in look-ups,
 * bootstrap, refusal audit), always explicitly.
 */
export type TenantScope = { accountId: string | null; bypass: boolean };

export const SYSTEM_SCOPE: TenantScope = { accountId: null, bypass: true };
export const NO_TENANT_SCOPE: TenantScope = { accountId: null, bypass: false };

export function accountScope(accountId: string): TenantScope {
  return { accountId, bypass: false };
}

/** Runs work in one transaction as the unprivileged application role, scoped to the given tenant. */
export function inScope<T>(db: Db, scope: TenantScope, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select
      set_config('role', 'keydeck_app', true),
      set_config('keydeck.account_id', ${scope.accountId ?? ''}, true),
      set_config('keydeck.bypass_rls', ${scope.bypass ? 'on' : 'off'}, true)`);
    return work(tx);
  });
}
