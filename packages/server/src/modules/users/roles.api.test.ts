import { BUILT_IN_ROLES } from '@keydeck/contract/permissions';
import { rolesPage, rolesResponse } from '@keydeck/contract/roles';
import { usersPage } from '@keydeck/contract/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount, type SeededAccount } from '../../../test/fixtures.ts';
import { Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

const ROLES = '/rest/api/v1/user/roles';
let t: TestApp;
let acme: SeededAccount;
let admin: Visitor;

const list = async (query = '') => rolesPage.parse((await admin.get(`${ROLES}?${query}`)).json());
const call = (method: 'POST' | 'PUT' | 'DELETE', roles: unknown[]) => admin.call({ method, url: ROLES, payload: { roles } });

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-admin', roleNames: [ROLE.admin] },
    { username: 'reader', roleNames: [ROLE.readOnly] },
  ]);
  admin = new Visitor(t.app);
  await admin.signIn('acme-admin', PASSWORD);
});
afterAll(() => t.close());

describe('user/roles', () => {
  it('lists the built-in roles with their permissions and holders', async () => {
    const page = await list();
    expect(page.total).toBe(2);
    expect(page.data).toMatchObject([
      { name: ROLE.admin, built_in: true, user_count: 1 },
      { name: ROLE.readOnly, built_in: true, user_count: 1, permissions: [...BUILT_IN_ROLES.readOnly.permissions].sort() },
    ]);
    expect(page.data[0]?.permissions).not.toContain('platform:admin');
  });

  it('creates, renames and re-permissions custom roles, pages and searches them', async () => {
    const res = await call('POST', [
      { name: 'Operators', permissions: ['services:manage', 'services:read', 'services:read'] },
      { name: 'Auditors', permissions: ['audit:read'] },
    ]);
    expect(res.statusCode).toBe(201);
    const [operators] = rolesResponse.parse(res.json()).roles;
    expect(operators).toMatchObject({ name: 'Operators', permissions: ['services:manage', 'services:read'], built_in: false, user_count: 0 });

    expect((await list('page_size=2&page=2')).data.map((r) => r.name)).toEqual(['Operators', ROLE.readOnly]);
    expect((await list('search=audit')).data.map((r) => r.name)).toEqual(['Auditors']);

    const changed = await call('PUT', [{ id: operators!.id, name: 'Service operators', permissions: ['services:read'] }]);
    expect(rolesResponse.parse(changed.json()).roles[0]).toMatchObject({ name: 'Service operators', permissions: ['services:read'] });
    const [audit] = await queryRows(t.database.db, sql`select account_id, outcome from audit_events where action = 'roles.update'`);
    expect(audit).toEqual({ account_id: acme.accountId, outcome: 'success' });
  });

  it('refuses a taken name (any case), platform administration or an unknown permission, and creates nothing', async () => {
    const res = await call('POST', [
      { name: 'Fresh', permissions: [] },
      { name: 'auditors', permissions: [] },
      { name: 'fresh', permissions: [] },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'roles.1.name': ['The account already has a role with this name.'],
      'roles.2.name': ['The account already has a role with this name.'],
    });
    const bad = await call('POST', [{ name: 'Root', permissions: ['platform:admin', 'keys:steal'] }]);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['roles.0.permissions.0', 'roles.0.permissions.1']);
    expect((await list('search=fresh')).total + (await list('search=root')).total).toBe(0);
  });

  it('refuses to change or delete a built-in role', async () => {
    const builtIn = (await list()).data.find((r) => r.name === ROLE.readOnly)!;
    for (const res of [await call('PUT', [{ id: builtIn.id, permissions: [] }]), await call('DELETE', [builtIn.id])]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Built-in roles cannot be changed or deleted.');
    }
    expect((await list('search=read')).data[0]?.permissions).toHaveLength(BUILT_IN_ROLES.readOnly.permissions.length);
  });

  it('deletes custom roles; their holders lose them', async () => {
    const auditors = (await list('search=auditors')).data[0]!;
    await admin.call({
      method: 'PUT',
      url: '/rest/api/v1/user/users',
      payload: { users: [{ id: acme.userIds.reader, roles: [auditors.id] }] },
    });
    expect((await list('search=auditors')).data[0]?.user_count).toBe(1);
    const res = await call('DELETE', [auditors.id]);
    expect(res.json()).toEqual({ roles: [auditors.id] });
    expect((await list('search=auditors')).total).toBe(0);
    const reader = usersPage.parse((await admin.get('/rest/api/v1/user/users?search=reader')).json()).data[0];
    expect(reader?.roles).toEqual([]);
  });
});
