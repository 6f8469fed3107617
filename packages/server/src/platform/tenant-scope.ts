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

/**
 * Runs work in one transaction as the unprivileged application role, scoped to the given tenant. Its statements are
 * planned for their values each time (statements are prepared once, statement-names.ts): a plan made once for any
 * values served a search of 100,000 keys by name fragment at ten times its time. The statement every request starts
 * with runs before, outside, and keeps the plans PostgreSQL makes once for its look-ups by key.
 */
export function inScope<T>(db: Db, scope: TenantScope, work: (tx: Tx) => Promise<T>): Promise<T> {
  const setScope = sql.raw(scopeStatement(scope));
  return db.transaction(async (tx) => {
    await tx.execute(setScope);
    return work(tx);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The scope as one statement without parameters: on PostgreSQL it then travels with the transaction's BEGIN in one
 * round trip (postgres-client.ts). Its only variable, the account id, is written into the text only once it is
 * known to be a UUID.
 */
function scopeStatement(scope: TenantScope): string {
  const account = scope.accountId ?? '';
  if (account !== '' && !UUID.test(account)) throw new Error('A tenant scope names an account by its id, a UUID');
  return `select set_config('role', 'keydeck_app', true), set_config('keydeck.account_id', '${account}', true), set_config('keydeck.bypass_rls', '${scope.bypass ? 'on' : 'off'}', true), set_config('plan_cache_mode', 'force_custom_plan', true)`;
}
