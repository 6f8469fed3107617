import { auditPage, chainVerification } from '@keydeck/contract/audit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount } from '../../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp } from '../../../test/test-app.ts';

const EVENTS = '/rest/api/v1/audit/events';
let t: Awaited<ReturnType<typeof createTestApp>>;
let acme: Awaited<ReturnType<typeof seedAccount>>;
let globex: Awaited<ReturnType<typeof seedAccount>>;
let acmeAdmin: Visitor;

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }, { username: 'acme-new' }]);
  globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
  acmeAdmin = new Visitor(t.app);
  await acmeAdmin.signIn('acme-admin', PASSWORD);
  // A few events in each account: sign-ins, a refused one, and one whose target looks like a formula.
  await new Visitor(t.app).signIn('acme-new', 'wrong password');
  await new Visitor(t.app).signIn('=cmd|calc', 'wrong password');
  await new Visitor(t.app).signIn('globex-admin', PASSWORD);
});
afterAll(() => t.close());

describe('audit events list', () => {
  it('shows a customer only their own account, newest first, with paging', async () => {
    const page = auditPage.parse((await acmeAdmin.get(`${EVENTS}?page_size=50`)).json());
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.data.every((e) => e.account_id === acme.accountId)).toBe(true);
    const times = page.data.map((e) => e.occurred_at);
    expect([...times].sort().reverse()).toEqual(times);
    const one = auditPage.parse((await acmeAdmin.get(`${EVENTS}?page_size=1&page=2`)).json());
    expect(one.data).toEqual([page.data[1]]);
  });

  it('answers 404 when a customer names another account', async () => {
    expect((await acmeAdmin.get(`${EVENTS}?account_id=${globex.accountId}`)).statusCode).toBe(404);
  });

  it('filters by outcome, user, action, text and date range', async () => {
    const refused = auditPage.parse((await acmeAdmin.get(`${EVENTS}?outcome=refused`)).json());
    expect(refused.data.map((e) => [e.target, e.reason])).toEqual([['acme-new', 'invalid_credentials']]);
    const byUser = auditPage.parse((await acmeAdmin.get(`${EVENTS}?user=acme-adm`)).json());
    expect(byUser.data.length).toBeGreaterThan(0);
    expect(byUser.data.every((e) => e.actor_username === 'acme-admin')).toBe(true);
    const byText = auditPage.parse((await acmeAdmin.get(`${EVENTS}?search=invalid_cred`)).json());
    expect(byText.total).toBe(1);
    const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
    expect(auditPage.parse((await acmeAdmin.get(`${EVENTS}?from=${future}`)).json()).total).toBe(0);
    expect((await acmeAdmin.get(`${EVENTS}?outcome=maybe`)).statusCode).toBe(400);
  });

  it('shows a platform administrator every account, or one of them', async () => {
    const platform = new Visitor(t.app);
    await platform.signIn(ADMIN.username, ADMIN.password);
    const all = auditPage.parse((await platform.get(`${EVENTS}?page_size=100`)).json());
    const accounts = new Set(all.data.map((e) => e.account_id));
    expect(accounts.has(acme.accountId) && accounts.has(globex.accountId) && accounts.has(null)).toBe(true);
    const one = auditPage.parse((await platform.get(`${EVENTS}?account_id=${globex.accountId}`)).json());
    expect(one.data.every((e) => e.account_id === globex.accountId)).toBe(true);
  });

  it('is refused to a user without audit:read', async () => {
    const visitor = new Visitor(t.app);
    await visitor.signIn('acme-new', PASSWORD);
    expect((await visitor.get(EVENTS)).statusCode).toBe(403);
  });
});

describe('audit CSV export', () => {
  it('streams the filtered events as CSV with formulas neutralised', async () => {
    const platform = new Visitor(t.app);
    await platform.signIn(ADMIN.username, ADMIN.password);
    const res = await platform.get('/rest/api/v1/audit/events/export?outcome=refused');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-log-.*\.csv"/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('occurred_at,account_id,actor_username,action,target,outcome,reason,client_address,request_id,seq,hash');
    expect(lines.slice(1).every((line) => line.includes(',refused,'))).toBe(true);
    expect(res.body).toContain(",'=cmd|calc,");
    expect(res.body).not.toContain(',=cmd');
  });
});

describe('audit chain verification', () => {
  it('reports an intact chain, then the first edited or removed link', async () => {
    const verify = async () => chainVerification.parse((await acmeAdmin.get('/rest/api/v1/audit/chain/verify')).json());
    const intact = await verify();
    expect(intact).toMatchObject({ account_id: acme.accountId, intact: true, first_broken: null });
    expect(intact.checked).toBeGreaterThanOrEqual(2);

    const [second] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from audit_events where account_id = ${acme.accountId} and seq = 2`,
    );
    await queryRows(t.database.db, sql`update audit_events set target = 'innocent' where id = ${second!.id}`);
    const edited = await verify();
    expect(edited.intact).toBe(false);
    expect(edited.first_broken).toMatchObject({ id: second!.id, seq: 2, problem: 'its contents were changed after it was written' });

    await queryRows(t.database.db, sql`delete from audit_events where id = ${second!.id}`);
    expect((await verify()).first_broken).toMatchObject({ seq: 3, problem: 'event 2 is missing' });
  });
});
