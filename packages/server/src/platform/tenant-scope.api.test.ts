import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedAccount, type SeededAccount } from '../../test/fixtures.ts';
import { Visitor, createTestApp, type TestApp } from '../../test/test-app.ts';
import { accounts } from '../db/schema/accounts.ts';
import { auditEvents } from '../db/schema/audit.ts';
import { sessions } from '../db/schema/sessions.ts';
import { roles, users } from '../db/schema/users.ts';
import { SYSTEM_SCOPE, accountScope, inScope } from './tenant-scope.ts';

let t: TestApp;
let a: SeededAccount;
let b: SeededAccount;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedAccount(t.database.db, 'alpha', [{ username: 'alice' }, { username: 'amos' }]);
  b = await seedAccount(t.database.db, 'bravo', [{ username: 'bob' }]);
  // Sessions and audit events in both accounts.
  await new Visitor(t.app).signIn('alice', PASSWORD);
  await new Visitor(t.app).signIn('bob', PASSWORD);
});
afterAll(() => t.close());

/** Row-level security is the second wall: a query that forgets its account filter still sees one tenant. */
describe('row-level security', () => {
  it('returns only the acting account rows when the account filter is left out', async () => {
    const seen = await inScope(t.database.db, accountScope(a.accountId), async (tx) => ({
      users: await tx.select().from(users),
      roles: await tx.select().from(roles),
      accounts: await tx.select().from(accounts),
      sessions: await tx.select().from(sessions),
      audit: await tx.select().from(auditEvents),
    }));
    expect(seen.users.map((u) => u.username).sort()).toEqual(['alice', 'amos']);
    for (const rows of [seen.users, seen.roles, seen.sessions, seen.audit]) {
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.accountId === a.accountId)).toBe(true);
    }
    expect(seen.accounts.map((x) => x.id)).toEqual([a.accountId]);
  });

  it('refuses to write a row into another account', async () => {
    const write = inScope(t.database.db, accountScope(a.accountId), (tx) =>
      tx.insert(roles).values({ accountId: b.accountId, name: 'smuggled', permissions: [] }),
    );
    await expect(write).rejects.toThrow();
    const smuggled = await inScope(t.database.db, SYSTEM_SCOPE, (tx) =>
      tx.select().from(roles).where(sql`${roles.name} = 'smuggled'`),
    );
    expect(smuggled).toEqual([]);
  });

  it('does not let an update or delete reach another account', async () => {
    await inScope(t.database.db, accountScope(a.accountId), async (tx) => {
      await tx.update(users).set({ name: 'renamed' });
      await tx.delete(sessions);
    });
    const bob = await inScope(t.database.db, SYSTEM_SCOPE, (tx) => tx.select().from(users).where(sql`${users.username} = 'bob'`));
    expect(bob[0]?.name).toBe('bob');
    const bobSessions = await inScope(t.database.db, accountScope(b.accountId), (tx) => tx.select().from(sessions));
    expect(bobSessions.length).toBeGreaterThan(0);
  });

  it('sees nothing without a tenant, and everything only when flagged explicitly', async () => {
    const none = await inScope(t.database.db, { accountId: null, bypass: false }, (tx) => tx.select().from(users));
    expect(none).toEqual([]);
    const all = await inScope(t.database.db, SYSTEM_SCOPE, (tx) => tx.select().from(users));
    expect(new Set(all.map((u) => u.accountId)).size).toBeGreaterThanOrEqual(3);
  });
});
