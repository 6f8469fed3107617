import { ApiPath, apiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { serviceUserGroupCurrent, serviceUserGroupsResponse, serviceUsersResponse } from '@keydeck/contract/service-users';
import { serviceLoginResponse } from '@keydeck/contract/services';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SERVICE_PERMISSIONS, PASSWORD, ROLE, queryRows, seedAccount, seedService, type SeededAccount } from '../../../test/fixtures.ts';
import { Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let acme: SeededAccount;
let serviceId: string;
let admin: Visitor;
let operator: Visitor;

/** Makes the service the current one of the user's newest console session (what PUT service/services does). */
const pointSessionAt = (userId: string, id: string) =>
  queryRows(
    t.database.db,
    sql`update sessions set current_service_id = ${id} where id_hash = (select id_hash from sessions where user_id = ${userId} order by created_at desc limit 1)`,
  );
/** Signs a user in, makes the service their current one and opens a service session on it; returns the JWT if any. */
async function openServiceSession(visitor: Visitor, username: string, userId: string, id: string): Promise<string | undefined> {
  await visitor.signIn(username, PASSWORD);
  await pointSessionAt(userId, id);
  const res = await visitor.post(apiPath(ApiPath.serviceLogin, { service_id: id }));
  expect(res.statusCode).toBe(200);
  return serviceLoginResponse.parse(res.json()).service_session.token;
}
const send = (visitor: Visitor, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) => visitor.call({ method, url, payload });
const usersOf = async (visitor: Visitor, query = '') => serviceUsersResponse.parse((await visitor.get(`${ApiPath.serviceUsers}${query}`)).json()).users;
const groupsOf = async (visitor: Visitor) => serviceUserGroupsResponse.parse((await visitor.get(ApiPath.serviceUserGroups)).json()).groups;

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-admin', roleNames: [ROLE.admin] },
    { username: 'acme-ops', roleNames: [ROLE.readOnly] },
    { username: 'acme-new', roleNames: [ROLE.readOnly] },
  ]);
  ({ serviceId } = await seedService(t.database.db, acme.accountId, {
    groups: [
      { name: 'Administrators', permissions: ALL_SERVICE_PERMISSIONS },
      { name: 'Operators', parentName: 'Administrators', permissions: { Key: 'Modify', User: 'View' } },
      { name: 'Auditors', permissions: { Log: 'View' } },
    ],
    members: [
      { userId: acme.userIds['acme-admin']!, group: 'Administrators' },
      { userId: acme.userIds['acme-ops']!, group: 'Operators' },
    ],
  }));
  admin = new Visitor(t.app);
  await openServiceSession(admin, 'acme-admin', acme.userIds['acme-admin']!, serviceId);
  operator = new Visitor(t.app);
});
afterAll(() => t.close());

describe('service users', () => {
  it('lists users with their group and status: Available with a live service session, else Offline', async () => {
    expect(await usersOf(admin)).toEqual([
      { username: 'acme-admin', name: 'acme-admin', group: 'Administrators', status: 'Available' },
      { username: 'acme-ops', name: 'acme-ops', group: 'Operators', status: 'Offline' },
    ]);
    expect((await usersOf(admin, '?groups=Operators')).map((u) => u.username)).toEqual(['acme-ops']);
    expect((await usersOf(admin, '?groups=operators,Administrators')).length).toBe(2);
    expect((await usersOf(admin, '?groups=Operators&groups=Auditors')).map((u) => u.username)).toEqual(['acme-ops']);
  });

  it('adds console users of the account, refuses unknown ones with field errors, and audits the change', async () => {
    const unknown = await send(admin, 'POST', ApiPath.serviceUsers, { users: [{ username: 'ghost', group_name: 'Nope' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      'users.0.username': [Messages.serviceUserUnknown('ghost')],
      'users.0.group_name': [Messages.serviceGroupUnknown('Nope')],
    });
    const twice = await send(admin, 'POST', ApiPath.serviceUsers, { users: [{ username: 'acme-ops', group_name: 'Auditors' }] });
    expect(twice.json().errors).toEqual({ 'users.0.username': [Messages.serviceUserExists('acme-ops')] });

    const added = await send(admin, 'POST', ApiPath.serviceUsers, { users: [{ username: 'ACME-new', group_name: 'auditors' }] });
    expect(added.statusCode).toBe(201);
    expect(serviceUsersResponse.parse(added.json()).users).toContainEqual({ username: 'acme-new', name: 'acme-new', group: 'Auditors', status: 'Offline' });
    const [audit] = await queryRows(t.database.db, sql`select target, outcome from audit_events where action = 'service_user.create' and outcome = 'success'`);
    expect(audit).toEqual({ target: 'Payments HSM: ACME-new (auditors)', outcome: 'success' });
  });

  it('moves a user to another group, and a user on the service becomes Available once they open a session', async () => {
    const moved = await send(admin, 'PUT', ApiPath.serviceUsers, { users: [{ username: 'acme-new', group_name: 'Operators' }] });
    expect(moved.statusCode).toBe(200);
    await openServiceSession(operator, 'acme-ops', acme.userIds['acme-ops']!, serviceId);
    const users = await usersOf(admin, '?groups=Operators');
    expect(users.map((u) => [u.username, u.status])).toEqual([
      ['acme-new', 'Offline'],
      ['acme-ops', 'Available'],
    ]);
  });

  it('removes users but never the caller, and their service session ends with them', async () => {
    const self = await send(admin, 'DELETE', ApiPath.serviceUsers, { users: ['acme-admin', 'acme-new'] });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(Messages.serviceUserSelfRemoval);
    expect((await usersOf(admin)).length).toBe(3);

    const moveSelf = await send(admin, 'PUT', ApiPath.serviceUsers, { users: [{ username: 'acme-admin', group_name: 'Auditors' }] });
    expect(moveSelf.statusCode).toBe(409);
    expect(moveSelf.json().message).toBe(Messages.serviceUserSelfLockout);

    expect((await send(admin, 'DELETE', ApiPath.serviceUsers, { users: ['acme-new'] })).statusCode).toBe(200);
    expect((await usersOf(admin)).map((u) => u.username)).toEqual(['acme-admin', 'acme-ops']);
  });

  it('lets a group with User at View read but not change', async () => {
    expect((await usersOf(operator)).length).toBe(2);
    const refused = await send(operator, 'POST', ApiPath.serviceUsers, { users: [{ username: 'acme-new', group_name: 'Operators' }] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(Messages.servicePermissionDenied('User', 'Modify'));
  });
});

describe('service user groups', () => {
  it('lists groups with parent Root when they have none, status from their users, permissions and user counts', async () => {
    expect(await groupsOf(admin)).toEqual([
      { name: 'Administrators', parent: 'Root', status: 'Available', permissions: ALL_SERVICE_PERMISSIONS, user_count: 1 },
      { name: 'Auditors', parent: 'Root', status: 'Offline', permissions: { Log: 'View' }, user_count: 0 },
      { name: 'Operators', parent: 'Administrators', status: 'Available', permissions: { Key: 'Modify', User: 'View' }, user_count: 1 },
    ]);
    const perms = await admin.get(`${ApiPath.serviceUserGroupPermissions}?group_name=operators`);
    expect(perms.json()).toEqual({ group_name: 'Operators', permissions: { Key: 'Modify', User: 'View' } });
    expect((await admin.get(`${ApiPath.serviceUserGroupPermissions}?group_name=Nope`)).statusCode).toBe(400);
  });

  it('creates groups, refusing taken or reserved names and unknown parents', async () => {
    const bad = await send(admin, 'POST', ApiPath.serviceUserGroups, {
      action: 'create',
      groups: [
        { group_name: 'operators', permissions: {} },
        { group_name: 'Root', permissions: {} },
        { group_name: 'Keys', parent: 'Nope', permissions: {} },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      'groups.0.group_name': [Messages.serviceGroupExists('operators')],
      'groups.1.group_name': [Messages.serviceGroupReserved('Root')],
      'groups.2.parent': [Messages.serviceGroupUnknown('Nope')],
    });
    const created = await send(admin, 'POST', ApiPath.serviceUserGroups, {
      action: 'create',
      groups: [{ group_name: 'Key Custodians', parent: 'operators', permissions: { Key: 'View' } }, { group_name: 'Devices', parent: 'Root', permissions: { Device: 'Modify' } }],
    });
    expect(created.statusCode).toBe(201);
    const groups = serviceUserGroupsResponse.parse(created.json()).groups;
    expect(groups.find((g) => g.name === 'Key Custodians')).toMatchObject({ parent: 'Operators', status: 'Offline', user_count: 0 });
    expect(groups.find((g) => g.name === 'Devices')?.parent).toBe('Root');
  });

  it('imports an exported list together, refusing it whole when a name exists', async () => {
    const exported = [
      { name: 'Branch', parent: 'Root', status: 'Offline', permissions: { Token: 'View' }, user_count: 0 },
      { name: 'Leaf', parent: 'Branch', status: 'Offline', permissions: {}, user_count: 0 },
    ];
    const clash = await send(admin, 'POST', ApiPath.serviceUserGroups, { action: 'import', groups: [...exported, { name: 'Devices', parent: 'Root', permissions: {} }] });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual({ 'groups.2.name': [Messages.serviceGroupExists('Devices')] });
    expect((await groupsOf(admin)).some((g) => g.name === 'Branch')).toBe(false);

    const cycle = await send(admin, 'POST', ApiPath.serviceUserGroups, {
      action: 'import',
      groups: [{ name: 'A', parent: 'B', permissions: {} }, { name: 'B', parent: 'A', permissions: {} }],
    });
    expect(cycle.json().errors).toEqual({ 'groups.0.parent': [Messages.serviceGroupCycle('A')], 'groups.1.parent': [Messages.serviceGroupCycle('B')] });

    // Children may come before their parents in the list.
    const imported = await send(admin, 'POST', ApiPath.serviceUserGroups, { action: 'import', groups: [...exported].reverse() });
    expect(imported.statusCode).toBe(201);
    expect((await groupsOf(admin)).find((g) => g.name === 'Leaf')?.parent).toBe('Branch');
    const [audit] = await queryRows(t.database.db, sql`select target, reason from audit_events where action = 'service_user_group.create' and outcome = 'success' order by id desc limit 1`);
    expect(audit).toEqual({ target: 'Payments HSM: Leaf, Branch', reason: 'import' });
  });

  it('changes permissions and parents, refusing cycles and the loss of User Modify on the caller’s own group', async () => {
    const cycle = await send(admin, 'PUT', ApiPath.serviceUserGroups, { groups: [{ group_name: 'Branch', parent: 'Leaf' }] });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors).toEqual({ 'groups.0.parent': [Messages.serviceGroupCycle('Branch')] });

    const lockout = await send(admin, 'PUT', ApiPath.serviceUserGroups, { groups: [{ group_name: 'administrators', permissions: { User: 'View' } }] });
    expect(lockout.statusCode).toBe(409);
    expect(lockout.json().message).toBe(Messages.serviceUserSelfLockout);

    const changed = await send(admin, 'PUT', ApiPath.serviceUserGroups, {
      groups: [{ group_name: 'Leaf', parent: null, permissions: { Log: 'Modify' } }, { group_name: 'Operators', permissions: { Key: 'View', User: 'View' } }],
    });
    expect(changed.statusCode).toBe(200);
    const groups = serviceUserGroupsResponse.parse(changed.json()).groups;
    expect(groups.find((g) => g.name === 'Leaf')).toMatchObject({ parent: 'Root', permissions: { Log: 'Modify' } });
    expect(groups.find((g) => g.name === 'Operators')).toMatchObject({ parent: 'Administrators', permissions: { Key: 'View', User: 'View' } });
  });

  it('deletes empty groups and refuses groups with users or subgroups', async () => {
    const withUsers = await send(admin, 'DELETE', ApiPath.serviceUserGroups, { groups: ['Operators'] });
    expect(withUsers.statusCode).toBe(409);
    expect(withUsers.json().message).toBe(Messages.serviceGroupInUse('Operators', 1, 1));
    // A parent goes together with its only subgroup.
    expect((await send(admin, 'DELETE', ApiPath.serviceUserGroups, { groups: ['Key Custodians', 'Branch'] })).statusCode).toBe(200);
    expect((await groupsOf(admin)).map((g) => g.name)).toEqual(['Administrators', 'Auditors', 'Devices', 'Leaf', 'Operators']);
    const [audit] = await queryRows(t.database.db, sql`select target from audit_events where action = 'service_user_group.delete' and outcome = 'success'`);
    expect(audit).toEqual({ target: 'Payments HSM: Key Custodians, Branch' });
  });
});

describe('current', () => {
  it('answers who is on the service, its groups, and the caller’s group, permissions and sections', async () => {
    const mine = serviceUserGroupCurrent.parse((await admin.get(ApiPath.serviceUserGroupCurrent)).json());
    expect(mine).toMatchObject({ user_names: ['acme-admin', 'acme-ops'], group_name: 'Administrators', user_name: 'acme-admin', permissions: ALL_SERVICE_PERMISSIONS });
    expect(mine.all_groups).toEqual(['Administrators', 'Auditors', 'Devices', 'Leaf', 'Operators']);
    expect(mine.sections).toEqual(['Certificate Authorities', 'Certificate Management', 'Symmetric Keys', 'Remote Devices', 'Device Groups', 'Device Models', 'Key Assignments']);
    const theirs = serviceUserGroupCurrent.parse((await operator.get(ApiPath.serviceUserGroupCurrent)).json());
    expect(theirs).toMatchObject({ group_name: 'Operators', permissions: { Key: 'View', User: 'View' }, sections: ['Symmetric Keys', 'Key Assignments'] });
  });
});

describe('tenant isolation and JWT services', () => {
  it('shows another account’s user, on their own service, nothing of this one', async () => {
    const other = await seedAccount(t.database.db, 'other', [{ username: 'other-admin', roleNames: [ROLE.admin] }]);
    const theirs = await seedService(t.database.db, other.accountId, { name: 'Their HSM', members: [{ userId: other.userIds['other-admin']! }] });
    const stranger = new Visitor(t.app);
    await openServiceSession(stranger, 'other-admin', other.userIds['other-admin']!, theirs.serviceId);
    expect(await usersOf(stranger)).toEqual([{ username: 'other-admin', name: 'other-admin', group: 'Administrators', status: 'Available' }]);
    expect((await groupsOf(stranger)).map((g) => g.name)).toEqual(['Administrators']);
    expect((await usersOf(admin)).map((u) => u.username)).toEqual(['acme-admin', 'acme-ops']);
    // Pointing their console session at this account's service opens nothing.
    await pointSessionAt(other.userIds['other-admin']!, serviceId);
    const res = await stranger.get(ApiPath.serviceUsers);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('service_session_required');
    const adding = await send(stranger, 'POST', ApiPath.serviceUsers, { users: [{ username: 'acme-new', group_name: 'Administrators' }] });
    expect(adding.statusCode).toBe(403);
  });

  it('reaches a JWT service only with its bearer token, and a plain one never through the jwt_ paths', async () => {
    const jwtService = await seedService(t.database.db, acme.accountId, { name: 'Token HSM', useJwt: true, members: [{ userId: acme.userIds['acme-admin']! }] });
    const visitor = new Visitor(t.app);
    const token = await openServiceSession(visitor, 'acme-admin', acme.userIds['acme-admin']!, jwtService.serviceId);
    expect(token).toBeTruthy();
    const bearer = { authorization: `Bearer ${token}` };

    const viaJwt = await visitor.call({ method: 'GET', url: ApiPath.jwtServiceUsers, headers: bearer });
    expect(viaJwt.statusCode).toBe(200);
    expect(serviceUsersResponse.parse(viaJwt.json()).users).toEqual([{ username: 'acme-admin', name: 'acme-admin', group: 'Administrators', status: 'Available' }]);
    const created = await visitor.call({ method: 'POST', url: ApiPath.jwtServiceUserGroups, headers: bearer, payload: { action: 'create', groups: [{ group_name: 'Signers', permissions: {} }] } });
    expect(created.statusCode).toBe(201);
    expect((await visitor.call({ method: 'GET', url: ApiPath.jwtServiceUserGroupCurrent, headers: bearer })).json().all_groups).toEqual(['Administrators', 'Signers']);

    for (const refused of [
      await visitor.get(ApiPath.jwtServiceUsers),
      await visitor.get(ApiPath.serviceUsers),
      await admin.get(ApiPath.jwtServiceUsers),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('service_session_required');
    }
  });
});
