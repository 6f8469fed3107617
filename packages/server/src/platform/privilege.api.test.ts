import { ApiPath, apiPath } from '@keydeck/contract/http';
import { credentialWithSecret } from '@keydeck/contract/credentials';
import { oauthClientWithSecret } from '@keydeck/contract/oauth';
import { rolesPage, rolesResponse } from '@keydeck/contract/roles';
import { usersResponse } from '@keydeck/contract/users';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SERVICE_PERMISSIONS, PASSWORD, ROLE, queryRows, seedAccount, seedService, type SeededAccount } from '../../test/fixtures.ts';
import { Visitor, createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The delegation rule over every route that creates or changes a principal, a role, a credential, an OAuth client or
 * a service user group: a caller holding less than what the change carries, or less than the user it acts for, is
 * refused (403), the refusal is audited, and nothing changes; the same call by someone holding everything succeeds,
 * so the refusal is the rule's and not a broken request's.
 */
let t: TestApp;
let acme: SeededAccount;
let admin: Visitor;
let manager: Visitor;
let serviceAdmin: Visitor;
let serviceOperator: Visitor;

const credentials = () => apiPath(ApiPath.credentials, { account_id: acme.accountId });
const credential = (id: string, path: typeof ApiPath.credential | typeof ApiPath.credentialRotate | typeof ApiPath.credentialRevoke = ApiPath.credential) => apiPath(path, { account_id: acme.accountId, credential_id: id });
const clients = () => apiPath(ApiPath.oauthClients, { account_id: acme.accountId });
const client = (id: string, path: typeof ApiPath.oauthClient | typeof ApiPath.oauthClientRotate = ApiPath.oauthClient) => apiPath(path, { account_id: acme.accountId, oauth_client_id: id });
const inAWeek = () => new Date(Date.now() + 7 * 86400_000).toISOString();
const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
/** What an Account Administrator holds and the User Manager does not. */
const BEYOND_MANAGER = ['audit:read', 'company:manage'];

async function ok(visitor: Visitor, options: InjectOptions) {
  const res = await visitor.call(options);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

/** Objects the administrator owns, made fresh for each row so that the row's own success changes no other row. */
const fixtures = {
  credential: async () =>
    credentialWithSecret.parse(
      await ok(admin, {
        method: 'POST',
        url: credentials(),
        payload: { name: unique('admin-ci'), owner_user_id: acme.userIds['acme-admin'], permissions: ['users:read', ...BEYOND_MANAGER], expires_at: inAWeek(), allowed_cidrs: [] },
      }),
    ).data.client_id,
  client: async () =>
    oauthClientWithSecret.parse(
      await ok(admin, {
        method: 'POST',
        url: clients(),
        payload: { name: unique('admin-app'), type: 'confidential', owner_user_id: acme.userIds['acme-admin'], redirect_uris: ['https://app.example/cb'], grant_types: ['authorization_code'], scopes: ['users:read', ...BEYOND_MANAGER] },
      }),
    ).data.client.id,
  wideRole: async () =>
    rolesResponse.parse(await ok(admin, { method: 'POST', url: ApiPath.roles, payload: { roles: [{ name: unique('Wide'), permissions: ['users:read', ...BEYOND_MANAGER] }] } })).roles[0]!.id,
  invitedAdministrator: async () => {
    const roles = rolesPage.parse(await ok(admin, { method: 'GET', url: ApiPath.roles })).data;
    const adminRole = roles.find((r) => r.name === ROLE.admin)!.id;
    const username = unique('invitee');
    const payload = { users: [{ username, name: username, email: `${username}@example.test`, roles: [adminRole], mfa_enforced: false }] };
    return usersResponse.parse(await ok(admin, { method: 'POST', url: ApiPath.users, payload })).users[0]!.id;
  },
  /** acme-boss back in the service's Administrators group, where a row's holder may have moved or removed them. */
  seatedBoss: async () => {
    const seat = { users: [{ username: 'acme-boss', group_name: 'Administrators' }] };
    const moved = await admin.call({ method: 'PUT', url: ApiPath.serviceUsers, payload: seat });
    if (moved.statusCode !== 200) await ok(admin, { method: 'POST', url: ApiPath.serviceUsers, payload: seat });
    return '';
  },
};

type Row = {
  operationId: string;
  /** The caller refused: the account's User Manager, or the service's Operators member. */
  by: () => Visitor;
  /** Someone who holds everything the call carries. */
  holder: () => Visitor;
  /** The request, given what the row's fixture made. */
  request: (made: string) => InjectOptions;
  fixture?: () => Promise<string>;
  /** A read (by the holder) that must answer the same before and after the refusal. */
  state: (made: string) => string;
  refusal: RegExp;
};

/** A read's body without what the callers' own activity moves (last seen, online). */
const withoutActivity = (body: string) => JSON.stringify(JSON.parse(body, (k, v) => (['last_seen_at', 'last_used_at', 'status'].includes(k) ? undefined : v)));

const ESCALATION = /You cannot grant permissions you do not hold yourself: /;
const CARRIES = /This carries permissions you do not hold \(.*\): only someone who holds all of them/;
const OUTRANKED = /This user holds permissions you do not hold \(.*\)/;
const account = (row: Omit<Row, 'by' | 'holder'>): Row => ({ by: () => manager, holder: () => admin, ...row });
const service = (row: Omit<Row, 'by' | 'holder'>): Row => ({ by: () => serviceOperator, holder: () => serviceAdmin, ...row });

const ROWS: Row[] = [
  account({
    operationId: 'createCredential',
    request: () => ({ method: 'POST', url: credentials(), payload: { name: unique('mine'), owner_user_id: acme.userIds['acme-admin'], permissions: ['users:read', 'audit:read'], expires_at: inAWeek(), allowed_cidrs: [] } }),
    state: () => credentials(),
    refusal: ESCALATION,
  }),
  account({
    operationId: 'createCredential',
    // Only permissions the caller holds, but for an owner who outranks them: the token would act as that owner.
    request: () => ({ method: 'POST', url: credentials(), payload: { name: unique('theirs'), owner_user_id: acme.userIds['acme-admin'], permissions: ['users:read'], expires_at: inAWeek(), allowed_cidrs: [] } }),
    state: () => credentials(),
    refusal: OUTRANKED,
  }),
  account({
    operationId: 'updateCredential',
    fixture: fixtures.credential,
    request: (id) => ({ method: 'PUT', url: credential(id), payload: { name: unique('narrowed'), permissions: ['users:read'], expires_at: inAWeek(), allowed_cidrs: [] } }),
    state: () => credentials(),
    refusal: CARRIES,
  }),
  account({ operationId: 'rotateCredential', fixture: fixtures.credential, request: (id) => ({ method: 'POST', url: credential(id, ApiPath.credentialRotate), payload: { overlap_hours: 0 } }), state: () => credentials(), refusal: CARRIES }),
  account({ operationId: 'revokeCredential', fixture: fixtures.credential, request: (id) => ({ method: 'POST', url: credential(id, ApiPath.credentialRevoke) }), state: () => credentials(), refusal: CARRIES }),
  account({
    operationId: 'createOAuthClient',
    request: () => ({
      method: 'POST',
      url: clients(),
      payload: { name: unique('theirs'), type: 'confidential', owner_user_id: acme.userIds['acme-admin'], redirect_uris: ['https://app.example/cb'], grant_types: ['client_credentials'], scopes: ['users:read'] },
    }),
    state: () => clients(),
    refusal: OUTRANKED,
  }),
  account({
    operationId: 'updateOAuthClient',
    fixture: fixtures.client,
    request: (id) => ({ method: 'PUT', url: client(id), payload: { name: unique('widened'), redirect_uris: ['https://app.example/cb'], grant_types: ['authorization_code', 'client_credentials'], scopes: ['users:read', 'users:manage', ...BEYOND_MANAGER] } }),
    state: (id) => client(id),
    refusal: CARRIES,
  }),
  account({ operationId: 'rotateOAuthClientSecret', fixture: fixtures.client, request: (id) => ({ method: 'POST', url: client(id, ApiPath.oauthClientRotate) }), state: (id) => client(id), refusal: CARRIES }),
  account({ operationId: 'deleteOAuthClient', fixture: fixtures.client, request: (id) => ({ method: 'DELETE', url: client(id) }), state: (id) => client(id), refusal: CARRIES }),
  account({ operationId: 'createRoles', request: () => ({ method: 'POST', url: ApiPath.roles, payload: { roles: [{ name: unique('Owner'), permissions: ['company:manage'] }] } }), state: () => ApiPath.roles, refusal: ESCALATION }),
  account({ operationId: 'updateRoles', fixture: fixtures.wideRole, request: (id) => ({ method: 'PUT', url: ApiPath.roles, payload: { roles: [{ id, permissions: ['users:read'] }] } }), state: () => ApiPath.roles, refusal: CARRIES }),
  account({ operationId: 'deleteRoles', fixture: fixtures.wideRole, request: (id) => ({ method: 'DELETE', url: ApiPath.roles, payload: { roles: [id] } }), state: () => ApiPath.roles, refusal: CARRIES }),
  account({
    operationId: 'createUsers',
    fixture: async () => rolesPage.parse(await ok(admin, { method: 'GET', url: ApiPath.roles })).data.find((r) => r.name === ROLE.admin)!.id,
    request: (adminRole) => {
      const username = unique('new-admin');
      return { method: 'POST', url: ApiPath.users, payload: { users: [{ username, name: username, email: `${username}@example.test`, roles: [adminRole], mfa_enforced: false }] } };
    },
    state: () => ApiPath.users,
    refusal: ESCALATION,
  }),
  account({ operationId: 'updateUsers', request: () => ({ method: 'PUT', url: ApiPath.users, payload: { users: [{ id: acme.userIds['acme-boss'], name: unique('Renamed') }] } }), state: () => ApiPath.users, refusal: OUTRANKED }),
  account({ operationId: 'deleteUsers', fixture: fixtures.invitedAdministrator, request: (id) => ({ method: 'DELETE', url: ApiPath.users, payload: { users: [id] } }), state: () => ApiPath.users, refusal: OUTRANKED }),
  account({ operationId: 'resendInvitation', fixture: fixtures.invitedAdministrator, request: (id) => ({ method: 'POST', url: apiPath(ApiPath.userInvitation, { user_id: id }), payload: {} }), state: () => ApiPath.users, refusal: OUTRANKED }),
  account({ operationId: 'resetUserMfa', request: () => ({ method: 'POST', url: apiPath(ApiPath.userMfaReset, { user_id: acme.userIds['acme-boss']! }), payload: {} }), state: () => ApiPath.users, refusal: OUTRANKED }),
  service({ operationId: 'addServiceUsers', request: () => ({ method: 'POST', url: ApiPath.serviceUsers, payload: { users: [{ username: 'acme-new', group_name: 'Administrators' }] } }), state: () => ApiPath.serviceUsers, refusal: ESCALATION }),
  service({ operationId: 'moveServiceUsers', request: () => ({ method: 'PUT', url: ApiPath.serviceUsers, payload: { users: [{ username: 'acme-low', group_name: 'Administrators' }] } }), state: () => ApiPath.serviceUsers, refusal: ESCALATION }),
  service({ operationId: 'moveServiceUsers', fixture: fixtures.seatedBoss, request: () => ({ method: 'PUT', url: ApiPath.serviceUsers, payload: { users: [{ username: 'acme-boss', group_name: 'Operators' }] } }), state: () => ApiPath.serviceUsers, refusal: OUTRANKED }),
  service({ operationId: 'removeServiceUsers', fixture: fixtures.seatedBoss, request: () => ({ method: 'DELETE', url: ApiPath.serviceUsers, payload: { users: ['acme-boss'] } }), state: () => ApiPath.serviceUsers, refusal: OUTRANKED }),
  service({ operationId: 'createServiceUserGroups', request: () => ({ method: 'POST', url: ApiPath.serviceUserGroups, payload: { action: 'create', groups: [{ group_name: unique('Keyholders'), permissions: { Key: 'Modify', Device: 'Modify' } }] } }), state: () => ApiPath.serviceUserGroups, refusal: ESCALATION }),
  service({ operationId: 'updateServiceUserGroups', request: () => ({ method: 'PUT', url: ApiPath.serviceUserGroups, payload: { groups: [{ group_name: 'Vault', permissions: { Log: 'View' } }] } }), state: () => ApiPath.serviceUserGroups, refusal: CARRIES }),
  service({ operationId: 'deleteServiceUserGroups', request: () => ({ method: 'DELETE', url: ApiPath.serviceUserGroups, payload: { groups: ['Vault'] } }), state: () => ApiPath.serviceUserGroups, refusal: CARRIES }),
];

/**
 * Routes of the same families that need no row, each with why. The JWT variants of the service user calls run the
 * same service functions as the rows above; consents are the caller's own, and what a consent grants is narrowed to
 * what its user holds (oauth.api.test.ts).
 */
const NOT_DELEGATION: Record<string, string> = {
  addJwtServiceUsers: 'same function as addServiceUsers',
  moveJwtServiceUsers: 'same function as moveServiceUsers',
  removeJwtServiceUsers: 'same function as removeServiceUsers',
  createJwtServiceUserGroups: 'same function as createServiceUserGroups',
  updateJwtServiceUserGroups: 'same function as updateServiceUserGroups',
  deleteJwtServiceUserGroups: 'same function as deleteServiceUserGroups',
  allowOAuthInteraction: "the caller's own consent, narrowed to what they hold",
  denyOAuthInteraction: 'grants nothing',
  revokeOAuthConsent: "the caller's own consent; takes away only",
};

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-admin', roleNames: [ROLE.admin] },
    { username: 'acme-boss', roleNames: [ROLE.admin] },
    { username: 'acme-mgr' },
    { username: 'acme-low' },
    { username: 'acme-new' },
  ]);
  admin = new Visitor(t.app);
  expect((await admin.signIn('acme-admin', PASSWORD)).statusCode).toBe(200);
  // The User Manager may manage users and roles and open services, and holds nothing else.
  const [managerRole] = rolesResponse.parse(await ok(admin, { method: 'POST', url: ApiPath.roles, payload: { roles: [{ name: 'User Manager', permissions: ['users:read', 'users:manage', 'roles:manage', 'services:read'] }] } })).roles;
  await ok(admin, { method: 'PUT', url: ApiPath.users, payload: { users: [{ id: acme.userIds['acme-mgr'], roles: [managerRole!.id] }] } });
  manager = new Visitor(t.app);
  expect((await manager.signIn('acme-mgr', PASSWORD)).statusCode).toBe(200);

  const { serviceId } = await seedService(t.database.db, acme.accountId, {
    groups: [
      { name: 'Administrators', permissions: ALL_SERVICE_PERMISSIONS },
      { name: 'Operators', permissions: { Key: 'Modify', User: 'Modify' } },
      { name: 'Vault', permissions: { CertManage: 'Modify' } },
    ],
    members: [
      { userId: acme.userIds['acme-admin']!, group: 'Administrators' },
      { userId: acme.userIds['acme-boss']!, group: 'Administrators' },
      { userId: acme.userIds['acme-mgr']!, group: 'Operators' },
      { userId: acme.userIds['acme-low']!, group: 'Operators' },
    ],
  });
  serviceAdmin = admin;
  serviceOperator = manager;
  for (const [visitor, userId] of [[admin, acme.userIds['acme-admin']!], [manager, acme.userIds['acme-mgr']!]] as const) {
    await queryRows(t.database.db, sql`update sessions set current_service_id = ${serviceId} where user_id = ${userId}`);
    expect((await visitor.post(apiPath(ApiPath.serviceLogin, { service_id: serviceId }))).statusCode).toBe(200);
  }
});
afterAll(() => t.close());

describe('a principal grants, changes, takes away and acts for only what it holds', () => {
  it('covers every route that creates or changes a user, role, credential, OAuth client, consent or service user', () => {
    const family = /Users$|UserGroups$|Roles$|Credential$|OAuthClient|OAuthConsent|OAuthInteraction$|Invitation$|UserMfa$/;
    const routes = t.app.routeCatalog.filter((r) => r.url.startsWith('/rest/api/') && r.method !== 'GET' && r.method !== 'HEAD');
    const changing = [...new Set(routes.map((r) => String(r.schema?.operationId)).filter((id) => family.test(id)))].sort();
    const covered = [...new Set([...ROWS.map((r) => r.operationId), ...Object.keys(NOT_DELEGATION)])].sort();
    expect(covered).toEqual(changing);
  });

  it.each(ROWS.map((row, i) => [`${row.operationId} #${i}`, row] as const))('%s: refused, audited, nothing changed; allowed to a holder', async (_, row) => {
    const made = row.fixture ? await row.fixture() : '';
    const state = async () => withoutActivity((await row.holder().get(row.state(made))).body);
    const before = await state();
    const audited = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_events where reason in ('escalation', 'outranked')`))[0]!.n;
    const refusalsBefore = await audited();

    const refused = await row.by().call(row.request(made));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toMatch(row.refusal);
    expect(await state()).toBe(before);
    expect(await audited()).toBe(refusalsBefore + 1);

    const allowed = await row.holder().call(row.request(made));
    expect(allowed.statusCode, allowed.body).toBeLessThan(300);
  });

  it('keeps a bearer token within its credential: a users:manage token cannot mint a wider credential for its owner', async () => {
    const created = credentialWithSecret.parse(
      await ok(admin, { method: 'POST', url: credentials(), payload: { name: unique('narrow'), owner_user_id: acme.userIds['acme-admin'], permissions: ['users:manage'], expires_at: inAWeek(), allowed_cidrs: [] } }),
    ).data;
    const token = await t.app.inject({ method: 'POST', url: '/rest/api/v2/oauth/token', payload: { grant_type: 'client_credentials', client_id: created.client_id, client_secret: created.client_secret } });
    expect(token.statusCode, token.body).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: credentials(),
      headers: { authorization: `Bearer ${token.json().access_token}` },
      payload: { name: unique('wider'), owner_user_id: acme.userIds['acme-admin'], permissions: ['users:manage', 'company:manage'], expires_at: inAWeek(), allowed_cidrs: [] },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe('You cannot grant permissions you do not hold yourself: company:manage.');
  });
});
