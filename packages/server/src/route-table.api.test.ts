import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { allEndpoints } from '@keydeck/contract/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

/** The route table is the spec: these checks keep every API route honest about what it needs. */
describe('route table', () => {
  const apiRoutes = () => t.app.routeCatalog.filter((r) => r.url.startsWith('/rest/api/') && r.method !== 'HEAD');

  it('has API routes to check', () => {
    expect(apiRoutes().length).toBeGreaterThanOrEqual(4);
  });

  it('declares exactly one of permission, public, signedIn or partialSession on every API route', () => {
    const undeclared = apiRoutes()
      .filter((r) => [r.config?.permission, r.config?.public, r.config?.signedIn, r.config?.partialSession].filter(Boolean).length !== 1)
      .map((r) => `${String(r.method)} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('declares an operationId and a response schema on every API route', () => {
    const missing = apiRoutes()
      .filter((r) => !r.schema?.operationId || !r.schema?.response)
      .map((r) => `${String(r.method)} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('declares an audit action on every state-changing API route', () => {
    const unaudited = apiRoutes()
      .filter((r) => r.method !== 'GET' && !r.config?.audit)
      .map((r) => `${String(r.method)} ${r.url}`);
    expect(unaudited).toEqual([]);
  });

  it('leaves audit to the route declarations: no module writes an audit row or fills in its facts itself', () => {
    const modules = join(import.meta.dirname, 'modules');
    const sources = readdirSync(modules, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const offenders = sources.filter((file) => {
      const text = readFileSync(join(modules, file), 'utf8');
      // Background jobs have no request: they alone write their own events.
      const allowed = file.endsWith('.jobs.ts') ? /^(concerning|refusalsConcern|writeSystemAuditEvent)$/ : /^(concerning|refusalsConcern)$/;
      const fromAudit = [...text.matchAll(/import \{([^}]*)\} from '[./]*platform\/audit\.ts'/g)].flatMap((m) => m[1]!.split(',').map((n) => n.trim()));
      return /auditDetails|insert\(audit(Events|ChainHeads)/.test(text) || fromAudit.some((name) => name && !allowed.test(name));
    });
    expect(offenders).toEqual([]);
  });

  it('registers every route from its endpoint declaration in the contract, and every declaration as a route', () => {
    const routes = t.app.routeCatalog.filter((r) => r.method !== 'HEAD' && r.schema?.operationId);
    const registered = new Map(routes.map((r) => [r.schema!.operationId as string, `${String(r.method)} ${r.url}`]));
    const notRegistered = allEndpoints.filter((e) => registered.get(e.operationId) !== `${e.method} ${e.path}`).map((e) => e.operationId);
    expect(notRegistered).toEqual([]);
    const byHand = routes.filter((r) => !(r.schema as { 'x-product'?: string })['x-product']).map((r) => `${String(r.method)} ${r.url}`);
    expect(byHand).toEqual([]);
    expect(registered.size).toBe(allEndpoints.length);
  });

  it('gives every operation a distinct operationId', () => {
    const ids = apiRoutes().map((r) => r.schema?.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
