import { rolesPage, rolesResponse } from '@keydeck/contract/roles';
import { usersPage, usersResponse } from '@keydeck/contract/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type SeededAccount, queryRows, seedAccount, signedInUser } from '../../../test/fixtures.ts';
import { ADMIN, type TestApp, Visitor, createTestApp, signedIn } from '../../../test/test-app.ts';

const USERS = '/rest/api/v1/user/users';
const ROLES = '/rest/api/v1/user/roles';
const LAST_ADMIN = 'An account needs at least one active Account Administrator: this change would leave it without one.';
let t: TestApp;
let acme: SeededAccount;
let globex: SeededAccount;
let admin: Visitor;
let roles: Record<string, string>;
let globexRoles: Record<string, string>;

const put = (visitor: Visitor, users: object[]) => visitor.call({ method: 'PUT', url: USERS, payload: { users } });
const roleIds = async (visitor: Visitor, query = '') =>
  Object.fromEntries(rolesPage.parse((await visitor.get(`${ROLES}?${query}`)).json()).data.map((r) => [r.name, r.id]));

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-admin', roleNames: [ROLE.admin] },
    { username: 'reader', roleNames: [ROLE.readOnly] },
    { username: 'mgr' },
    { username: 'nobody' },
  ]);
  globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }, { username: 'gina' }]);
  admin = await signedInUser(t, 'acme-admin');
  const platform = await signedIn(t.app, ADMIN.username, ADMIN.password);
  roles = await roleIds(admin);
  globexRoles = await roleIds(platform, `account_id=${globex.accountId}`);
});
afterAll(() => t.close());

describe('self and last-administrator protection', () => {
  it('refuses to disable or delete yourself', async () => {
    for (const res of [
      await put(admin, [{ id: acme.userIds['acme-admin'], disabled: true }]),
      await admin.call({ method: 'DELETE', url: USERS, payload: { users: [acme.userIds['acme-admin']] } }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('You cannot disable or delete your own user.');
    }
  });

  it('refuses to demote, disable or delete the last active Account Administrator, and changes nothing', async () => {
    const demote = await put(admin, [
      { id: acme.userIds.reader, name: 'Renamed' },
      { id: acme.userIds['acme-admin'], roles: [roles[ROLE.readOnly]] },
    ]);
    expect(demote.statusCode).toBe(400);
    expect(demote.json().message).toBe(LAST_ADMIN);
    const after = usersPage.parse((await admin.get(USERS)).json()).data;
    expect(after.find((u) => u.username === 'acme-admin')?.group).toBe(ROLE.admin);
    expect(after.find((u) => u.username === 'reader')?.name).toBe('reader');

    const platform = await signedIn(t.app, ADMIN.username, ADMIN.password);
    const remove = await platform.call({
      method: 'DELETE',
      url: USERS,
      payload: { account_id: acme.accountId, users: [acme.userIds['acme-admin']] },
    });
    expect(remove.statusCode).toBe(400);
    expect(remove.json().message).toBe(LAST_ADMIN);
    const disable = await put(platform, [{ id: acme.userIds['acme-admin'], disabled: true }]);
    expect(disable.statusCode).toBe(404); // the platform administrator named no account: their own has no such user
  });

  it('lets an administrator step down once another one is active', async () => {
    expect((await put(admin, [{ id: acme.userIds.reader, roles: [roles[ROLE.admin]] }])).statusCode).toBe(200);
    const res = await put(admin, [{ id: acme.userIds['acme-admin'], roles: [roles[ROLE.admin], roles[ROLE.readOnly]] }]);
    expect(usersResponse.parse(res.json()).users[0]?.group).toBe(`${ROLE.admin}, ${ROLE.readOnly}`);
    expect((await put(admin, [{ id: acme.userIds.reader, roles: [roles[ROLE.readOnly]] }])).statusCode).toBe(200);
  });
});

describe('role escalation', () => {
  let mgr: Visitor;
  beforeAll(async () => {
    const created = await admin.call({
      method: 'POST',
      url: ROLES,
      payload: { roles: [{ name: 'User managers', permissions: ['users:read', 'users:manage', 'roles:manage'] }] },
    });
    const role = rolesResponse.parse(created.json()).roles[0]!;
    await put(admin, [{ id: acme.userIds.mgr, roles: [role.id] }]);
    roles = await roleIds(admin);
    mgr = await signedInUser(t, 'mgr');
  });

  it('refuses a role with permissions the caller does not hold, naming them', async () => {
    const res = await mgr.call({
      method: 'POST',
      url: ROLES,
      payload: { roles: [{ name: 'Auditors', permissions: ['users:read', 'audit:read', 'company:manage'] }] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot grant permissions you do not hold yourself: audit:read, company:manage.');
    expect(await roleIds(mgr)).not.toHaveProperty('Auditors');
    const [audit] = await queryRows(t.database.db, sql`select outcome, reason from audit_events
      where action = 'roles.create' order by id desc limit 1`);
    expect(audit).toEqual({ outcome: 'refused', reason: 'escalation' });

    const widen = await mgr.call({
      method: 'PUT',
      url: ROLES,
      payload: { roles: [{ id: roles['User managers'], permissions: ['users:read', 'audit:read'] }] },
    });
    expect(widen.statusCode).toBe(403);
  });

  it('refuses to grant a role carrying permissions the caller does not hold', async () => {
    const assign = await put(mgr, [{ id: acme.userIds.nobody, roles: [roles[ROLE.readOnly]] }]);
    expect(assign.statusCode).toBe(403);
    expect(assign.json().message).toMatch(/audit:read/);
    const invite = await mgr.call({
      method: 'POST',
      url: USERS,
      payload: { users: [{ username: 'sneaky', name: 'S', email: 's@example.test', roles: [roles[ROLE.admin]] }] },
    });
    expect(invite.statusCode).toBe(403);
    expect((await mgr.get(`${USERS}?search=sneaky`)).json().total).toBe(0);
  });

  it('allows what the caller holds, and leaves roles the user already has alone', async () => {
    const ok = await put(mgr, [{ id: acme.userIds.nobody, roles: [roles['User managers']] }]);
    expect(ok.statusCode).toBe(200);
    const keep = await put(mgr, [{ id: acme.userIds.nobody, name: 'Nobody N', roles: [roles['User managers']] }]);
    expect(keep.statusCode).toBe(200);
    await put(mgr, [{ id: acme.userIds.nobody, roles: [] }]);
  });

  it('refuses to act on a user who holds permissions the caller does not: change, disable, delete, reset MFA', async () => {
    const outranks = /This user holds permissions you do not hold \(.*audit:read.*\)/;
    const attempts = [
      put(mgr, [{ id: acme.userIds['acme-admin'], disabled: true }]),
      put(mgr, [{ id: acme.userIds.reader, name: 'Reader R' }]),
      mgr.call({ method: 'DELETE', url: USERS, payload: { users: [acme.userIds['acme-admin']] } }),
      mgr.post(`/rest/api/v1/user/users/${acme.userIds['acme-admin']}/mfa/reset`, {}),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(outranks);
    }
    const [adminRow] = await queryRows<{ disabled: boolean }>(t.database.db, sql`select disabled from users where id = ${acme.userIds['acme-admin']}`);
    expect(adminRow).toEqual({ disabled: false });
    const refusals = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_events where reason = 'outranked' order by id`,
    );
    expect(refusals.map((r) => r.action).sort()).toEqual(['users.delete', 'users.reset_mfa', 'users.update', 'users.update']);
  });
});

describe('tenant isolation and permissions', () => {
  it("answers 404 for another account's id, user ids and role ids, and changes nothing", async () => {
    const calls = [
      admin.get(`${USERS}?account_id=${globex.accountId}`),
      admin.get(`${ROLES}?account_id=${globex.accountId}`),
      admin.call({ method: 'POST', url: USERS, payload: { account_id: globex.accountId, users: [{ username: 'x1', name: 'X', email: 'x@example.test' }] } }),
      put(admin, [{ id: globex.userIds.gina, name: 'Hacked' }]),
      put(admin, [{ id: acme.userIds.nobody, roles: [globexRoles[ROLE.readOnly]] }]),
      admin.call({ method: 'DELETE', url: USERS, payload: { users: [globex.userIds.gina] } }),
      admin.call({ method: 'PUT', url: ROLES, payload: { roles: [{ id: globexRoles[ROLE.readOnly], name: 'Mine' }] } }),
      admin.call({ method: 'DELETE', url: ROLES, payload: { roles: [globexRoles[ROLE.readOnly]] } }),
    ];
    for (const res of await Promise.all(calls)) expect([res.statusCode, res.json().message]).toEqual([404, 'Not found.']);
    const [gina] = await queryRows(t.database.db, sql`select name from users where id = ${globex.userIds.gina}`);
    expect(gina).toEqual({ name: 'gina' });
  });

  it('lets platform administrators manage any account, naming it', async () => {
    const platform = await signedIn(t.app, ADMIN.username, ADMIN.password);
    const res = await platform.call({
      method: 'POST',
      url: USERS,
      payload: { account_id: globex.accountId, users: [{ username: 'gus', name: 'Gus', email: 'gus@example.test', roles: [globexRoles[ROLE.readOnly]] }] },
    });
    expect(res.statusCode).toBe(201);
    expect(usersResponse.parse(res.json()).users[0]).toMatchObject({ account_code: 'GLOBEX', group: ROLE.readOnly });
    const listed = usersPage.parse((await platform.get(`${USERS}?account_id=${globex.accountId}`)).json());
    expect(listed.data.map((u) => u.username)).toEqual(['gina', 'globex-admin', 'gus']);
    const [audit] = await queryRows(t.database.db, sql`select account_id from audit_events where action = 'users.create' and target = 'gus'`);
    expect(audit).toEqual({ account_id: globex.accountId });
    const unknown = await platform.get(`${USERS}?account_id=00000000-0000-4000-8000-000000000000`);
    expect(unknown.statusCode).toBe(404);
  });

  it('needs users:read to list, users:manage to change users and roles:manage to change roles', async () => {
    const reader = await signedInUser(t, 'reader');
    expect((await reader.get(USERS)).statusCode).toBe(200);
    expect((await reader.get(ROLES)).statusCode).toBe(200);
    expect((await put(reader, [{ id: acme.userIds.nobody, name: 'N' }])).statusCode).toBe(403);
    expect((await reader.call({ method: 'POST', url: ROLES, payload: { roles: [{ name: 'R', permissions: [] }] } })).statusCode).toBe(403);
    const nobody = await signedInUser(t, 'nobody');
    expect((await nobody.get(USERS)).statusCode).toBe(403);
    expect((await new Visitor(t.app).get(USERS)).statusCode).toBe(401);
  });
});
