import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../test/test-app.ts';
import { PLATFORM_ACCOUNT, bootstrap } from './bootstrap.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('first start', () => {
  it('creates the platform account and its administrator from ADMIN_USERNAME/ADMIN_PASSWORD', async () => {
    const res = await new Visitor(t.app).signIn(ADMIN.username, ADMIN.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().auth_info.company.name).toBe(PLATFORM_ACCOUNT.name);
  });

  it('never creates a second administrator nor changes the password on restart', async () => {
    const again = await bootstrap(t.database.db, { username: 'someone-else', password: 'A-different-password-1' });
    expect(again.generatedAdminPassword).toBeNull();
    const counts = await queryRows(
      t.database.db,
      sql`select (select count(*)::int from accounts where is_platform) as accounts, (select count(*)::int from users where platform_admin) as admins`,
    );
    expect(counts).toEqual([{ accounts: 1, admins: 1 }]);
    expect((await new Visitor(t.app).signIn(ADMIN.username, ADMIN.password)).statusCode).toBe(200);
    expect((await new Visitor(t.app).signIn('someone-else', 'A-different-password-1')).statusCode).toBe(401);
  });

  it('generates a strong password when none is given, prints nothing else, and it signs in', async () => {
    const fresh = await createTestApp({ ADMIN_PASSWORD: undefined });
    try {
      const password = fresh.generatedAdminPassword;
      expect(password).toMatch(/^[\w-]{24,}$/);
      expect((await new Visitor(fresh.app).signIn(ADMIN.username, password!)).statusCode).toBe(200);
      expect((await bootstrap(fresh.database.db, { username: ADMIN.username, password: undefined })).generatedAdminPassword).toBeNull();
    } finally {
      await fresh.close();
    }
  });

  it("uses ADMIN_USERNAME as the administrator's e-mail when it is an address, and a placeholder otherwise", async () => {
    const byAddress = await createTestApp({ ADMIN_USERNAME: 'ops@example.com' });
    try {
      const rows = await queryRows<{ email: string }>(byAddress.database.db, sql`select email from users where platform_admin`);
      expect(rows).toEqual([{ email: 'ops@example.com' }]);
    } finally {
      await byAddress.close();
    }
    const rows = await queryRows<{ email: string }>(t.database.db, sql`select email from users where platform_admin`);
    expect(rows).toEqual([{ email: `${ADMIN.username}@keydeck.invalid` }]);
  });
});
