import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, seedAccount } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { writeRequestAuditEvent } from './audit.ts';
import type { Principal } from './principal.ts';
import { SYSTEM_SCOPE, inScope } from './tenant-scope.ts';

let t: TestApp;
let caller: Principal;
beforeAll(async () => {
  t = await createTestApp();
  const acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
  caller = {
    sessionHash: 'h',
    userId: acme.userIds['acme-admin']!,
    username: 'acme-admin',
    name: 'acme-admin',
    email: 'acme-admin@example.test',
    mfaEnforced: false,
    mfaEnabled: false,
    platformAdmin: false,
    account: { id: acme.accountId, name: 'Company acme', apiName: 'api-acme', accountSlug: 'acme', allowedRanges: null },
    permissions: [],
    nextFactor: null,
    currentServiceId: null,
  } as Principal;
});
afterAll(() => t.close());

/** Rolls back what the work wrote: the events are only tried. */
class RolledBack extends Error {}

describe('refused requests', () => {
  it("every route's audit declaration records a refusal that came before its handler prepared anything", async () => {
    const audited = t.app.routeCatalog.filter((route) => route.config?.audit);
    expect(audited.length).toBeGreaterThan(100);
    const crashed: string[] = [];
    for (const route of audited) {
      // A refusal after the input was valid (the service threw): the handler's prepared values never came.
      const request = {
        routeOptions: { config: route.config, url: route.url },
        inputValidated: true,
        params: {},
        body: {},
        query: {},
        prepared: null,
        auditBefore: null,
        // Routes for signed-in callers only ever see one.
        principal: route.config?.permission || route.config?.signedIn ? caller : null,
        ip: '127.0.0.1',
        id: 'req-1',
        method: String(route.method),
        server: t.app,
      } as unknown as FastifyRequest;
      const tried = inScope(t.database.db, SYSTEM_SCOPE, async (tx) => {
        await writeRequestAuditEvent(tx, request, route.config!.audit!.action, { outcome: 'refused', reason: 'not_found' });
        throw new RolledBack();
      });
      await tried.catch((err: unknown) => {
        // Reading a value a preHandler would have prepared (null until then), as the consent routes did: "reading
        // 'client' of null". The empty input stands for any valid one, so only that kind of crash is this test's.
        if (!(err instanceof RolledBack) && /of null/.test(String(err))) crashed.push(`${String(route.method)} ${route.url}: ${String(err)}`);
      });
    }
    expect(crashed).toEqual([]);
  });
});
