import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount } from '../../test/fixtures.ts';
import { databaseWithTwoLogins } from '../../test/postgres-server.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../test/test-app.ts';

// Migrations run as the owner (MIGRATION_DATABASE_URL); the server is served by a login that owns nothing (README).
if (!inject('postgresUrl')) throw new Error('serving-login.postgres.api.test.ts needs the test PostgreSQL');

let t: TestApp;
let logins: Awaited<ReturnType<typeof databaseWithTwoLogins>>;
let serving: pg.Client;

beforeAll(async () => {
  logins = await databaseWithTwoLogins(inject('postgresUrl')!);
  t = await createTestApp({ DATABASE_URL: logins.servingUrl, MIGRATION_DATABASE_URL: logins.ownerUrl });
  serving = new pg.Client({ connectionString: logins.servingUrl });
  await serving.connect();
});
afterAll(async () => {
  await serving?.end();
  await t?.close();
});

/** The statement's error as the serving login meets it, or 'done' if it went through. */
const attempt = (statement: string) => serving.query(statement).then(() => 'done', (e: Error) => e.message);

describe('the serving login', () => {
  it('owns nothing, and cannot alter, disable a trigger on, drop or truncate the audit log', async () => {
    const owned = await serving.query(
      `select count(*)::int as n from pg_class where relowner = (select oid from pg_roles where rolname = current_user)`,
    );
    expect(owned.rows[0]).toEqual({ n: 0 });
    expect(await attempt('alter table audit_events disable trigger audit_events_append_only')).toMatch(/must be owner/);
    expect(await attempt('alter table audit_events add column note text')).toMatch(/must be owner/);
    expect(await attempt('alter table audit_events no force row level security')).toMatch(/must be owner/);
    expect(await attempt('drop table audit_events cascade')).toMatch(/must be owner/);
    expect(await attempt('truncate audit_events cascade')).toMatch(/permission denied/);
    expect(await attempt("update audit_events set target = 'x'")).toMatch(/permission denied/);
    expect(await attempt('delete from audit_events')).toMatch(/permission denied/);
    expect(await attempt('drop trigger audit_events_append_only on audit_events')).toMatch(/must be owner/);
    expect(await attempt('drop table pgboss.job cascade')).toMatch(/must be owner/);
    expect(await attempt('create table public.planted (a int)')).toMatch(/permission denied/);
  });

  it('serves sign-in, tenant-scoped data, the job queue and an intact audit chain', async () => {
    const acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
    const customer = new Visitor(t.app);
    expect((await customer.signIn('acme-admin', PASSWORD)).statusCode).toBe(200);
    const users = await customer.get('/rest/api/v1/user/users');
    expect(users.json().data.map((u: { username: string }) => u.username)).toEqual(['acme-admin']);
    expect((await customer.post('/rest/api/v1/user/roles', { roles: [{ name: 'Auditors', permissions: [] }] })).statusCode).toBeLessThan(300);
    // The queues were created at start, through the owner's rights, and take jobs.
    const [queues] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from pgboss.queue`);
    expect(queues!.n).toBeGreaterThan(0);
    const platform = new Visitor(t.app);
    expect((await platform.signIn(ADMIN.username, ADMIN.password)).statusCode).toBe(200);
    const chains = (await platform.get('/rest/api/v1/audit/chain/verify?all=true')).json().chains as { account_id: string; intact: boolean }[];
    expect(chains.find((c) => c.account_id === acme.accountId)?.intact).toBe(true);
    expect(chains.every((c) => c.intact)).toBe(true);
  });
});
