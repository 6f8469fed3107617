import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount } from '../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../test/test-app.ts';

// Production databases are rarely owned by a superuser: the owner here holds only LOGIN and CREATEROLE (README).
if (!inject('postgresUrl')) throw new Error('ordinary-owner.postgres.api.test.ts needs the test PostgreSQL');

const owner = `keydeck_owner_${randomBytes(4).toString('hex')}`;
let t: TestApp;

beforeAll(async () => {
  const base = inject('postgresUrl')!;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  await admin.query(`create role ${owner} login createrole password 'owner-password'`);
  await admin.query(`create database ${owner} owner ${owner}`);
  await admin.end();
  const url = new URL(base);
  url.username = owner;
  url.password = 'owner-password';
  url.pathname = `/${owner}`;
  t = await createTestApp({ DATABASE_URL: url.toString() });
});
afterAll(() => t?.close());

describe('a database owned by an ordinary role', () => {
  it('migrates, is not a superuser, and serves sign-in, sessions and tenant-scoped data', async () => {
    const [me] = await queryRows<{ superuser: boolean }>(t.database.db, sql`select rolsuper as superuser from pg_roles where rolname = ${owner}`);
    expect(me).toEqual({ superuser: false });
    const acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
    const customer = new Visitor(t.app);
    expect((await customer.signIn('acme-admin', PASSWORD)).statusCode).toBe(200);
    expect((await customer.get('/rest/api/v1/login')).statusCode).toBe(200);
    const users = await customer.get('/rest/api/v1/user/users');
    expect(users.json().data.map((u: { username: string }) => u.username)).toEqual(['acme-admin']);
    expect((await customer.get(`/rest/api/v1/accounts/${acme.accountId}/licenses`)).statusCode).toBe(200);
    const platform = new Visitor(t.app);
    expect((await platform.signIn(ADMIN.username, ADMIN.password)).statusCode).toBe(200);
    const [chain] = (await platform.get('/rest/api/v1/audit/chain/verify?all=true')).json().chains;
    expect(chain.intact).toBe(true);
  });
});
