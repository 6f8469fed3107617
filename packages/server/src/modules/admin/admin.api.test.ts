import { serverInfo } from '@keydeck/contract/admin';
import { ALL_PERMISSIONS } from '@keydeck/contract/permissions';
import { Messages } from '@keydeck/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount } from '../../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

const INFO = '/rest/api/v1/admin/info';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedAccount(t.database.db, 'acme', [{ username: 'viewer', roleNames: [ROLE.readOnly] }, { username: 'newcomer' }]);
});
afterAll(() => t.close());

describe('GET admin/info (permission server-status:read)', () => {
  it('answers 401 to a visitor', async () => {
    const res = await new Visitor(t.app).get(INFO);
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 with a clear message to a user without the permission', async () => {
    const visitor = new Visitor(t.app);
    await visitor.signIn('newcomer', PASSWORD);
    const res = await visitor.get(INFO);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(Messages.permissionDenied);
  });

  it('answers the versions to a user whose role grants it', async () => {
    const visitor = new Visitor(t.app);
    await visitor.signIn('viewer', PASSWORD);
    const res = await visitor.get(INFO);
    expect(res.statusCode).toBe(200);
    expect(serverInfo.parse(res.json()).server_version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('lets the platform administrator hold every permission', async () => {
    const visitor = new Visitor(t.app);
    const res = await visitor.signIn(ADMIN.username, ADMIN.password);
    expect([...res.json().auth_info.permissions].sort()).toEqual([...ALL_PERMISSIONS].sort());
    expect((await visitor.get(INFO)).statusCode).toBe(200);
  });
});

describe('unknown API routes', () => {
  it('answer 404 in the error envelope, and a state-changing one is audited as refused', async () => {
    const visitor = new Visitor(t.app);
    await visitor.get('/rest/api/v1/login');
    const res = await visitor.post('/rest/api/v1/no-such-thing', { a: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: Messages.notFound, request_id: expect.any(String) });
    const rows = await queryRows(t.database.db, sql`select outcome, reason from audit_events where action = 'http.post'`);
    expect(rows).toEqual([{ outcome: 'refused', reason: 'unknown_route' }]);
  });
});
