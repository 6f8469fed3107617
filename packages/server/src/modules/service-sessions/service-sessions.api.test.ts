import { ErrorCode } from '@keydeck/contract/errors';
import { Messages } from '@keydeck/contract/messages';
import { serviceLoginResponse } from '@keydeck/contract/services';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount, seedService, type SeededAccount } from '../../../test/fixtures.ts';
import { Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let acme: SeededAccount;
let operator: Visitor;
const login = (visitor: Visitor, serviceId: string) => visitor.call({ method: 'POST', url: `/rest/api/v1/service/login/${serviceId}` });
const sessionOf = (visitor: Visitor, serviceId: string) => visitor.get(`/rest/api/v1/service/login/${serviceId}`);

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-operator', roleNames: [ROLE.admin] },
    { username: 'acme-outsider', roleNames: [ROLE.admin] },
  ]);
  operator = new Visitor(t.app);
  await operator.signIn('acme-operator', PASSWORD);
});
afterAll(() => t.close());

describe('service sessions', () => {
  it('opens a session for a service user of an enabled service, shows it, and ends it at logout', async () => {
    const { serviceId } = await seedService(t.database.db, acme.accountId, { members: [{ userId: acme.userIds['acme-operator']! }] });
    const opened = await login(operator, serviceId);
    expect(opened.statusCode).toBe(200);
    const { service_session } = serviceLoginResponse.parse(opened.json());
    expect(service_session.idle_timeout_seconds).toBe(600);
    expect(service_session.token).toBeUndefined();
    const remaining = new Date(service_session.expires_at).getTime() - Date.now();
    expect(remaining).toBeGreaterThan(590_000);
    expect(remaining).toBeLessThanOrEqual(600_000);

    expect(serviceLoginResponse.parse((await sessionOf(operator, serviceId)).json()).service_session.service_id).toBe(serviceId);
    expect((await operator.call({ method: 'DELETE', url: `/rest/api/v1/service/login/${serviceId}` })).statusCode).toBe(200);
    // No session is an ordinary answer, not an error status: the console asks on every service page.
    const gone = await sessionOf(operator, serviceId);
    expect([gone.statusCode, gone.json()]).toEqual([200, { service_session: null }]);

    const actions = await queryRows<{ action: string; target: string; target_name: string }>(
      t.database.db,
      sql`select action, target, target_name from audit_events where action like 'service.log%' order by id`,
    );
    expect(actions).toEqual([
      { action: 'service.login', target: serviceId, target_name: 'Payments HSM' },
      { action: 'service.logout', target: serviceId, target_name: 'Payments HSM' },
    ]);
  });

  it('hands a JWT service a signed bearer token that expires with the session', async () => {
    const { serviceId } = await seedService(t.database.db, acme.accountId, {
      name: 'Token HSM',
      useJwt: true,
      members: [{ userId: acme.userIds['acme-operator']! }],
    });
    const { service_session } = serviceLoginResponse.parse((await login(operator, serviceId)).json());
    const [header, payload] = service_session.token!.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
    expect(header).toEqual({ alg: 'HS256' });
    expect(payload!.svc).toBe(serviceId);
    expect(payload!.exp).toBe(Math.floor(new Date(service_session.expires_at).getTime() / 1000));
    // Handed out once: the status call does not repeat it.
    expect(serviceLoginResponse.parse((await sessionOf(operator, serviceId)).json()).service_session.token).toBeUndefined();
  });

  it('refuses users who are not service users, services that are not enabled, and other accounts', async () => {
    const { serviceId } = await seedService(t.database.db, acme.accountId, { name: 'Members only', members: [] });
    const outsider = new Visitor(t.app);
    await outsider.signIn('acme-outsider', PASSWORD);
    const refused = await login(outsider, serviceId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(Messages.notAServiceUser);
    expect(refused.json().error).not.toBe(ErrorCode.serviceSessionRequired);

    const pending = await seedService(t.database.db, acme.accountId, {
      name: 'Pending',
      status: 'PendingApproval',
      members: [{ userId: acme.userIds['acme-operator']! }],
    });
    const notEnabled = await login(operator, pending.serviceId);
    expect(notEnabled.statusCode).toBe(409);
    expect(notEnabled.json().message).toBe(Messages.serviceNotEnabled);

    const globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
    const theirs = await seedService(t.database.db, globex.accountId, { members: [{ userId: globex.userIds['globex-admin']! }] });
    expect((await login(operator, theirs.serviceId)).statusCode).toBe(404);
    expect((await sessionOf(operator, theirs.serviceId)).statusCode).toBe(404);
  });

  it('slides a session on each service call, but not a JWT session, and not on a refused call', async () => {
    const { serviceId } = await seedService(t.database.db, acme.accountId, { name: 'Sliding', members: [{ userId: acme.userIds['acme-operator']! }] });
    await operator.call({ method: 'PUT', url: '/rest/api/v1/service/services', payload: { service_id: serviceId } });
    expect((await login(operator, serviceId)).statusCode).toBe(200);
    const expiry = async (id: string) =>
      (await queryRows<{ left: number }>(t.database.db, sql`select extract(epoch from expires_at - now())::int as left from service_sessions where service_id = ${id}`))[0]!.left;
    await queryRows(t.database.db, sql`update service_sessions set expires_at = now() + interval '60 seconds' where service_id = ${serviceId}`);
    expect((await operator.get('/rest/api/v1/service/service_user_group/current')).statusCode).toBe(200);
    expect(await expiry(serviceId)).toBeGreaterThan(590);

    // A bearer token on a service that takes none is refused and slides nothing.
    await queryRows(t.database.db, sql`update service_sessions set expires_at = now() + interval '60 seconds' where service_id = ${serviceId}`);
    const refused = await operator.call({ method: 'GET', url: '/rest/api/v1/service/service_user_group/current', headers: { authorization: 'Bearer not-a-token' } });
    expect(refused.statusCode).toBe(403);
    expect(await expiry(serviceId)).toBeLessThanOrEqual(60);
    // Nor does a call refused after its service session was read with the principal (here: no anti-forgery token).
    const forged = await operator.call({ method: 'POST', url: '/rest/api/v1/service/service_user_group', payload: { name: 'Forged' }, csrf: 'omit' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(Messages.csrfRejected);
    expect(await expiry(serviceId)).toBeLessThanOrEqual(60);

    const jwt = await seedService(t.database.db, acme.accountId, { name: 'Sliding JWT', useJwt: true, members: [{ userId: acme.userIds['acme-operator']! }] });
    const { service_session } = serviceLoginResponse.parse((await login(operator, jwt.serviceId)).json());
    await queryRows(t.database.db, sql`update service_sessions set expires_at = now() + interval '60 seconds' where service_id = ${jwt.serviceId}`);
    const viaToken = await operator.call({
      method: 'GET',
      url: '/rest/api/v1/service/jwt_service_user_group/current',
      headers: { authorization: `Bearer ${service_session.token}` },
    });
    expect(viaToken.statusCode).toBe(200);
    expect(await expiry(jwt.serviceId)).toBeLessThanOrEqual(60);
  });

  it('ends service sessions with the console session', async () => {
    const { serviceId } = await seedService(t.database.db, acme.accountId, { name: 'Short lived', members: [{ userId: acme.userIds['acme-operator']! }] });
    const visitor = new Visitor(t.app);
    await visitor.signIn('acme-operator', PASSWORD);
    expect((await login(visitor, serviceId)).statusCode).toBe(200);
    await visitor.call({ method: 'POST', url: '/rest/api/v1/logout' });
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from service_sessions where service_id = ${serviceId}`);
    expect(row!.n).toBe(0);
  });
});
