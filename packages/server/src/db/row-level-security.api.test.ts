import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Tenants are kept apart twice: a table that holds a tenant's rows cannot land without the second wall. Read from the
 * catalogue of the migrated database, so a new table is caught whether or not someone remembered its policy.
 */
/**
 * Tables whose account_id is not a tenant's, each with why. A new table lands here only by someone deciding so.
 */
const NOT_TENANT_TABLES: Record<string, string> = {
  oauth_payloads: "account_id is oidc-provider's name for a token's user; only the authorization server reads it, outside any tenant",
};

describe('row-level security on every tenant table', () => {
  it('forces row-level security with a policy on every table that has an account or service id', async () => {
    const tables = await queryRows<{ table: string; enabled: boolean; forced: boolean; policies: number }>(
      t.database.db,
      sql`select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
                 (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')
            and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname in ('account_id', 'service_id') and not a.attisdropped)
          order by c.relname`,
    );
    expect(tables.length).toBeGreaterThan(20);
    const unwalled = tables.filter((x) => !x.enabled || !x.forced || x.policies === 0).map((x) => x.table);
    expect(unwalled).toEqual(Object.keys(NOT_TENANT_TABLES));
  });

  it('serves as a role that cannot bypass it: keydeck_app is no superuser, has no BYPASSRLS and owns nothing', async () => {
    const [role] = await queryRows<{ super: boolean; bypass: boolean; owned: number }>(
      t.database.db,
      sql`select r.rolsuper as super, r.rolbypassrls as bypass,
                 (select count(*)::int from pg_class c where c.relowner = r.oid) as owned
          from pg_roles r where r.rolname = 'keydeck_app'`,
    );
    expect(role).toEqual({ super: false, bypass: false, owned: 0 });
  });
});
