import { randomBytes } from 'node:crypto';
import { devicesResponse } from '@keydeck/contract/devices';
import { ApiPath } from '@keydeck/contract/http';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALL_SERVICE_PERMISSIONS, PASSWORD, ROLE, openInService, queryRows, seedAccount, seedService } from '../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../test/test-app.ts';
import { accountScope, inScope } from '../platform/tenant-scope.ts';
import { rowsOf } from './raw-sql.ts';

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

  it('searches devices by serial prefix through the serial index, where no superuser marked ILIKE leakproof', async () => {
    const [ilike] = await queryRows<{ leakproof: boolean }>(t.database.db, sql`select proleakproof as leakproof from pg_proc where oid = 'pg_catalog.texticlike(text, text)'::regprocedure`);
    expect(ilike).toEqual({ leakproof: false });
    const globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
    const userId = globex.userIds['globex-admin']!;
    const { serviceId } = await seedService(t.database.db, globex.accountId, {
      type: 'rkms',
      groups: [{ name: 'Administrators', permissions: ALL_SERVICE_PERMISSIONS }],
      members: [{ userId, group: 'Administrators' }],
    });
    const admin = await openInService(t, 'globex-admin', userId, serviceId);
    expect((await admin.call({ method: 'POST', url: ApiPath.deviceGroups, payload: { groups: [{ group_name: 'Lanes' }] } })).statusCode).toBe(201);
    const devices = ['AB-100', 'AB-101', 'XAB-1', 'ab-lower'].map((serial) => ({ serial, group: 'Lanes' }));
    expect((await admin.call({ method: 'POST', url: ApiPath.devices, payload: { devices } })).statusCode).toBe(201);

    // Typed in small letters, it finds the serials that start with it as typed or in capitals; not those containing it.
    const found = devicesResponse.parse((await admin.get(`${ApiPath.devices}?search=ab`)).json());
    expect(found.data.map((device) => device.serial)).toEqual(['AB-100', 'AB-101', 'ab-lower']);
    expect(found.total).toBe(3);

    // As a request runs it (the application role, the account's scope), among more devices, the serial index serves it.
    await queryRows(t.database.db, sql`insert into devices (account_id, service_id, serial, group_id)
      select account_id, service_id, 'Z-' || lpad(i::text, 5, '0'), group_id from devices, generate_series(1, 3000) i where serial = 'AB-100'`);
    await queryRows(t.database.db, sql`analyze devices`);
    const plan = await inScope(t.database.db, accountScope(globex.accountId), (tx) =>
      rowsOf<{ 'QUERY PLAN': string }>(tx, sql`explain select 1 from devices d where d.service_id = ${serviceId} and (starts_with(d.serial, 'ab') or starts_with(d.serial, 'AB'))`),
    );
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/devices_service_serial[\s\S]*Index Cond: .*serial >= 'AB'::text\) AND \(serial < 'AC'::text/);
  });
});
