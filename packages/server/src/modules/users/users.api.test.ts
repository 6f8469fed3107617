import { Messages } from '@keydeck/contract/messages';
import { authInfoResponse } from '@keydeck/contract/auth';
import { rolesPage } from '@keydeck/contract/roles';
import { usersPage, usersResponse } from '@keydeck/contract/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, type SeededAccount, queryRows, seedAccount, signedInUser } from '../../../test/fixtures.ts';
import { ADMIN, type TestApp, Visitor, createTestApp, signedIn } from '../../../test/test-app.ts';

const USERS = '/rest/api/v1/user/users';
const ROLES = '/rest/api/v1/user/roles';
let t: TestApp;
let acme: SeededAccount;
let admin: Visitor;

const list = async (visitor: Visitor, query = '') => usersPage.parse((await visitor.get(`${USERS}?${query}`)).json());
const roleIds = async (visitor: Visitor) =>
  Object.fromEntries(rolesPage.parse((await visitor.get(ROLES)).json()).data.map((r) => [r.name, r.id]));

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-admin', roleNames: [ROLE.admin] },
    { username: 'reader', roleNames: [ROLE.readOnly] },
    { username: 'carol', roleNames: [ROLE.readOnly] },
    { username: 'dave' },
  ]);
  await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
  admin = await signedInUser(t, 'acme-admin');
});
afterAll(() => t.close());

describe('user/users list', () => {
  it('pages, sorts and searches the account users, without any secret', async () => {
    const first = await list(admin, 'page_size=2');
    expect(first.total).toBe(4);
    expect(first.data.map((u) => u.username)).toEqual(['acme-admin', 'carol']);
    expect(first.data[0]).toMatchObject({ group: ROLE.admin, account_code: 'ACME', disabled: false, mfa_enforced: false });
    expect(JSON.stringify(first)).not.toMatch(/password|argon2/i);
    expect((await list(admin, 'page=2&page_size=2')).data.map((u) => u.username)).toEqual(['dave', 'reader']);
    expect((await list(admin, 'order=desc&order_by=username&page_size=1')).data[0]?.username).toBe('reader');
    expect(await list(admin, 'search=CAR')).toMatchObject({ total: 1, data: [{ username: 'carol', roles: [{ name: ROLE.readOnly }] }] });
  });

  it('answers 400 with field errors for a bad query', async () => {
    const res = await admin.get(`${USERS}?order_by=password_hash&page_size=1000`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['order_by', 'page_size']);
  });

  it('shows a user Online while they have a live session, Offline once it ends or idles out', async () => {
    const status = async () => (await list(admin, 'search=reader')).data[0]!;
    expect((await status()).status).toBe('Offline');
    const reader = await signedInUser(t, 'reader');
    expect(await status()).toMatchObject({ status: 'Online', last_seen_at: expect.any(String) });

    await reader.post('/rest/api/v1/logout');
    expect(await status()).toMatchObject({ status: 'Offline', last_seen_at: null });

    await signedInUser(t, 'reader');
    await queryRows(t.database.db, sql`update sessions set last_seen_at = now() - interval '2 hours'
      where user_id = ${acme.userIds.reader}`);
    expect((await status()).status).toBe('Offline');
  });
});

describe('user/users changes', () => {
  it('invites users with roles; an invited user has no usable password', async () => {
    const roles = await roleIds(admin);
    const res = await admin.call({
      method: 'POST',
      url: USERS,
      payload: { users: [{ username: 'Erin', name: 'Erin E', email: 'erin@example.test', roles: [roles[ROLE.readOnly]] }] },
    });
    expect(res.statusCode).toBe(201);
    const [erin] = usersResponse.parse(res.json()).users;
    expect(erin).toMatchObject({ username: 'Erin', group: ROLE.readOnly, status: 'Offline', account_code: 'ACME' });
    const [row] = await queryRows<{ password_hash: string }>(t.database.db, sql`select password_hash from users where id = ${erin!.id}`);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect((await new Visitor(t.app).signIn('erin', PASSWORD)).statusCode).toBe(401);

    const [audit] = await queryRows(t.database.db, sql`select account_id, outcome, target from audit_events
      where action = 'users.create' order by id desc limit 1`);
    expect(audit).toEqual({ account_id: acme.accountId, outcome: 'success', target: 'Erin' });
  });

  it('shows who is invited, sends a fresh invitation that replaces the old link, and shows enrolled factors and platform administrators', async () => {
    const erin = (await list(admin, 'search=erin')).data[0]!;
    expect(erin).toMatchObject({ invited: true, factors: { authenticator_app: false, security_keys: 0 }, platform_admin: false });
    expect((await list(admin, 'search=acme-admin')).data[0]).toMatchObject({ invited: false });

    const tokens = () => queryRows<{ token_hash: string }>(t.database.db, sql`select token_hash from password_tokens where user_id = ${erin.id} and purpose = 'invite'`);
    const [before] = await tokens();
    const resent = await admin.post(`${USERS}/${erin.id}/invitation`, {});
    expect(resent.statusCode).toBe(200);
    const after = await tokens();
    expect(after).toHaveLength(1);
    expect(after[0]!.token_hash).not.toBe(before!.token_hash);
    const [audit] = await queryRows(t.database.db, sql`select outcome, target_name from audit_events where action = 'users.invitation_resend'`);
    expect(audit).toEqual({ outcome: 'success', target_name: 'Erin' });

    const notInvited = await admin.post(`${USERS}/${acme.userIds['acme-admin']}/invitation`, {});
    expect(notInvited.statusCode).toBe(409);
    expect(notInvited.json().message).toBe(Messages.notInvited);

    const platform = await signedIn(t.app, ADMIN.username, ADMIN.password);
    expect((await list(platform, `search=${ADMIN.username}`)).data[0]).toMatchObject({ platform_admin: true });
  });

  it('refuses a taken username (any case, any account) or bad fields, and creates nothing', async () => {
    const taken = await admin.call({
      method: 'POST',
      url: USERS,
      payload: {
        users: [
          { username: 'frank', name: 'Frank', email: 'frank@example.test' },
          { username: 'GLOBEX-admin', name: 'G', email: 'g@example.test' },
          { username: 'ERIN', name: 'E', email: 'e@example.test' },
        ],
      },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({
      'users.1.username': ['This username is already taken.'],
      'users.2.username': ['This username is already taken.'],
    });
    expect((await list(admin, 'search=frank')).total).toBe(0);

    const bad = await admin.call({ method: 'POST', url: USERS, payload: { users: [{ username: 'x y', name: '', email: 'nope' }] } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['users.0.email', 'users.0.name', 'users.0.username']);
  });

  it('changes names, email, MFA and roles; the new roles apply to the user sessions', async () => {
    const roles = await roleIds(admin);
    const dave = await signedInUser(t, 'dave');
    expect((await dave.get(USERS)).statusCode).toBe(403);

    const res = await admin.call({
      method: 'PUT',
      url: USERS,
      payload: { users: [{ id: acme.userIds.dave, name: 'Dave D', email: 'dave@acme.test', mfa_enforced: true, roles: [roles[ROLE.readOnly]] }] },
    });
    expect(res.statusCode).toBe(200);
    expect(usersResponse.parse(res.json()).users[0]).toMatchObject({
      name: 'Dave D',
      email: 'dave@acme.test',
      mfa_enforced: true,
      group: ROLE.readOnly,
      status: 'Online',
    });
    const session = authInfoResponse.parse((await dave.get('/rest/api/v1/login')).json()).auth_info;
    expect(session.user.mfa_enforced).toBe(true);
    expect(session.permissions).toContain('users:read');
    // With MFA now enforced and no factor yet, Dave must enrol one before anything else.
    expect((await dave.get(USERS)).json()).toMatchObject({ error: 'mfa_setup_required' });
  });

  it('disabling a user ends their sessions and refuses their sign-in until enabled again', async () => {
    const carol = await signedInUser(t, 'carol');
    const res = await admin.call({ method: 'PUT', url: USERS, payload: { users: [{ id: acme.userIds.carol, disabled: true }] } });
    expect(usersResponse.parse(res.json()).users[0]).toMatchObject({ disabled: true, status: 'Offline' });
    expect((await carol.get('/rest/api/v1/login')).statusCode).toBe(401);
    expect((await new Visitor(t.app).signIn('carol', PASSWORD)).statusCode).toBe(401);

    await admin.call({ method: 'PUT', url: USERS, payload: { users: [{ id: acme.userIds.carol, disabled: false }] } });
    await signedInUser(t, 'carol');
  });

  it('deletes users, their sessions and grants', async () => {
    const carol = await signedInUser(t, 'carol');
    const res = await admin.call({ method: 'DELETE', url: USERS, payload: { users: [acme.userIds.carol] } });
    expect(res.json()).toEqual({ users: [acme.userIds.carol] });
    expect((await list(admin, 'search=carol')).total).toBe(0);
    expect((await carol.get('/rest/api/v1/login')).statusCode).toBe(401);
    const [audit] = await queryRows(t.database.db, sql`select outcome from audit_events where action = 'users.delete'`);
    expect(audit).toEqual({ outcome: 'success' });
  });
});

describe('account-level mfa_enforced', () => {
  it('enforces MFA for every user of an account that enforces it, and stays on across other changes', async () => {
    const platform = await signedIn(t.app, ADMIN.username, ADMIN.password);
    const accounts = '/rest/api/v1/admin/accounts';
    const on = await platform.call({ method: 'PUT', url: accounts, payload: { accounts: [{ id: acme.accountId, mfa_enforced: true }] } });
    expect(on.json().accounts[0].mfa_enforced).toBe(true);
    await platform.call({ method: 'PUT', url: accounts, payload: { accounts: [{ id: acme.accountId, name: 'Acme Inc' }] } });

    const reader = await signedInUser(t, 'reader');
    expect(authInfoResponse.parse((await reader.get('/rest/api/v1/login')).json()).auth_info.user.mfa_enforced).toBe(true);
    // The user's own setting (asked by the platform administrator: acme's own must first enrol a factor).
    expect((await list(platform, `account_id=${acme.accountId}&search=reader`)).data[0]?.mfa_enforced).toBe(false);

    await platform.call({ method: 'PUT', url: accounts, payload: { accounts: [{ id: acme.accountId, mfa_enforced: false }] } });
    expect(authInfoResponse.parse((await reader.get('/rest/api/v1/login')).json()).auth_info.user.mfa_enforced).toBe(false);
  });
});
