import { randomUUID } from 'node:crypto';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { PERMISSION_CATEGORIES } from '@keydeck/contract/permissions';
import { serviceLoginResponse, type ServicePermissions } from '@keydeck/contract/services';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount, seedService } from '../../test/fixtures.ts';
import { Visitor, createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ServiceAccessRule } from './service-access.ts';

type Db = TestApp['database']['db'];
type Seeded = { userId: string; plainId: string; jwtId: string };

/** One user in group 'Matrix' of a plain and of a JWT service, with their console session pointed at the plain one. */
async function seed(db: Db): Promise<Seeded> {
  const acme = await seedAccount(db, 'acme', [{ username: 'matrix', roleNames: [ROLE.admin] }]);
  const userId = acme.userIds.matrix!;
  const groups = [{ name: 'Matrix', permissions: {} }];
  const members = [{ userId, group: 'Matrix' }];
  const plain = await seedService(db, acme.accountId, { name: 'Plain HSM', groups, members });
  const jwt = await seedService(db, acme.accountId, { name: 'JWT HSM', useJwt: true, groups, members });
  // Every route must be reachable past the guard, scheduled reports too (an account feature).
  await queryRows(db, sql`insert into account_features (account_id, feature_name, feature_value) values (${acme.accountId}, 'scheduled_reports', 'true'::jsonb)`);
  return { userId, plainId: plain.serviceId, jwtId: jwt.serviceId };
}

async function signIn(app: FastifyInstance, db: Db, seeded: Seeded): Promise<Visitor> {
  const visitor = new Visitor(app);
  await visitor.signIn('matrix', PASSWORD);
  await queryRows(db, sql`update sessions set current_service_id = ${seeded.plainId} where user_id = ${seeded.userId}`);
  return visitor;
}

async function openSession(visitor: Visitor, serviceId: string): Promise<string | undefined> {
  const res = await visitor.post(apiPath(ApiPath.serviceLogin, { service_id: serviceId }));
  expect(res.statusCode).toBe(200);
  return serviceLoginResponse.parse(res.json()).service_session.token;
}

let t: TestApp;
let seeded: Seeded;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  seeded = await seed(t.database.db);
});
afterAll(() => t.close());

/**
 * Every service data route, whoever declared it: without a service session it answers service_session_required,
 * without its permission category (or with View where it needs Modify) it refuses, and with the category at Modify
 * the guard lets it through. The guard runs before validation, so no body is needed to be refused.
 */
describe('service access matrix', () => {
  const guarded = () =>
    t.app.routeCatalog
      .filter((r) => r.config?.serviceAccess && r.method !== 'HEAD')
      .map((r) => ({ method: r.method as HTTPMethods, url: r.url, rule: r.config!.serviceAccess! }));
  let visitor: Visitor;
  let token: string | undefined;

  const setPermissions = (permissions: ServicePermissions) =>
    queryRows(t.database.db, sql`update service_user_groups set permissions = ${JSON.stringify(permissions)}::jsonb where name = 'Matrix'`);
  const callRoute = (route: { method: HTTPMethods; url: string; rule: ServiceAccessRule }) => {
    const serviceId = route.rule.jwt ? seeded.jwtId : seeded.plainId;
    const url = route.url.replace(':service_id', serviceId).replace(/:\w+/g, () => randomUUID());
    return visitor.call({
      method: route.method,
      url,
      ...(route.method === 'GET' ? {} : { payload: {} }),
      ...(route.rule.jwt && token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });
  };
  /** Every category at Modify but `category`, which is left out or held at `level`. */
  const allBut = (category: string, level?: 'View'): ServicePermissions =>
    Object.fromEntries(PERMISSION_CATEGORIES.flatMap((c): [string, string][] => (c !== category ? [[c, 'Modify']] : level ? [[c, level]] : [])));
  const label = (route: { method: HTTPMethods; url: string }) => `${route.method} ${route.url}`;

  beforeAll(async () => {
    visitor = await signIn(t.app, t.database.db, seeded);
  });

  it('covers the service user and group routes, plain and jwt_', () => {
    const urls = new Set(guarded().map((r) => r.url));
    for (const path of [ApiPath.serviceUsers, ApiPath.jwtServiceUsers, ApiPath.serviceUserGroupCurrent, ApiPath.jwtServiceUserGroupPermissions]) {
      expect(urls).toContain(path);
    }
    expect(guarded().every((r) => r.rule.jwt || !r.url.includes('/jwt_'))).toBe(true);
  });

  it('refuses every route without a service session', async () => {
    for (const route of guarded()) {
      const res = await callRoute(route);
      expect([label(route), res.statusCode, res.json().error]).toEqual([label(route), 403, 'service_session_required']);
      expect(res.json().message).toBe(Messages.serviceSessionExpired);
    }
  });

  it('refuses a group without the category, and with View where Modify is needed', async () => {
    await openSession(visitor, seeded.plainId);
    token = await openSession(visitor, seeded.jwtId);
    for (const route of guarded().filter((r) => r.rule.category)) {
      const { category, level } = route.rule;
      await setPermissions(allBut(category!));
      const missing = await callRoute(route);
      expect([label(route), missing.statusCode, missing.json().message]).toEqual([label(route), 403, Messages.servicePermissionDenied(category!, level)]);
      if (level === 'Modify') {
        await setPermissions(allBut(category!, 'View'));
        const viewOnly = await callRoute(route);
        expect([label(route), viewOnly.statusCode, viewOnly.json().message]).toEqual([label(route), 403, Messages.servicePermissionDenied(category!, 'Modify')]);
      }
    }
  });

  it('lets a group with the category at Modify through', async () => {
    for (const route of guarded()) {
      await setPermissions(route.rule.category ? { [route.rule.category]: 'Modify' } : {});
      const res = await callRoute(route);
      expect(res.statusCode, `${label(route)}: ${res.body}`).not.toBe(403);
    }
  });
});

describe('service session expiry', () => {
  it('ends an idle service session', async () => {
    const short = await createTestApp({ SERVICE_SESSION_IDLE_SECONDS: '1' });
    try {
      const ids = await seed(short.database.db);
      const visitor = await signIn(short.app, short.database.db, ids);
      expect((await visitor.post(apiPath(ApiPath.serviceLogin, { service_id: ids.plainId }))).statusCode).toBe(200);
      expect((await visitor.get(ApiPath.serviceUserGroupCurrent)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const expired = await visitor.get(ApiPath.serviceUserGroupCurrent);
      expect([expired.statusCode, expired.json()]).toMatchObject([403, { error: 'service_session_required', message: Messages.serviceSessionExpired }]);
    } finally {
      await short.close();
    }
  });
});
