import { createHash } from 'node:crypto';
import { auditPage, chainVerifications } from '@keydeck/contract/audit';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount, type SeededAccount } from '../../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { encoded, linkMac, type ChainedFields } from '../../platform/audit-chain.ts';
import { writeSystemAuditEvent } from '../../platform/audit.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';

const EVENTS = '/rest/api/v1/audit/events';
let t: TestApp;
let acme: SeededAccount;
let globex: SeededAccount;
let acmeAdmin: Visitor;
let platform: Visitor;

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }, { username: 'acme-new' }]);
  globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
  acmeAdmin = new Visitor(t.app);
  await acmeAdmin.signIn('acme-admin', PASSWORD);
  platform = new Visitor(t.app);
  await platform.signIn(ADMIN.username, ADMIN.password);
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

  it('matches part of a user or action name in any case, in the list and the export alike', async () => {
    const byUser = auditPage.parse((await acmeAdmin.get(`${EVENTS}?user=ACME-ADM&page_size=100`)).json());
    expect(byUser.total).toBeGreaterThan(0);
    expect(byUser.data.every((e) => e.actor_username === 'acme-admin')).toBe(true);
    const logins = auditPage.parse((await acmeAdmin.get(`${EVENTS}?user=acme-admin&action=LOGI&page_size=100`)).json());
    expect(logins.total).toBeGreaterThan(0);
    expect(logins.data.every((e) => e.actor_username === 'acme-admin' && e.action.includes('login'))).toBe(true);
    // An underscore is a character here, not a wildcard; nobody matches nothing.
    expect(auditPage.parse((await acmeAdmin.get(`${EVENTS}?user=acme_admin`)).json()).total).toBe(0);
    expect(auditPage.parse((await acmeAdmin.get(`${EVENTS}?user=nobody-here`)).json()).data).toEqual([]);
    const csv = (await acmeAdmin.get(`${EVENTS}/export?user=acme-admin&action=LOGI`)).body;
    expect(csv.trim().split('\n')).toHaveLength(logins.total + 1);
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
  const verify = async (visitor: Visitor, query = '') =>
    chainVerifications.parse((await visitor.get(`/rest/api/v1/audit/chain/verify${query}`)).json()).chains;
  /** Someone with the database owner's access (not the application's role) changes history. */
  const asOwner = async (text: string, values: unknown[] = []) => {
    await t.database.executeSql('alter table audit_events disable trigger audit_events_append_only');
    try {
      await t.database.executeSql(text, values);
    } finally {
      await t.database.executeSql('alter table audit_events enable trigger audit_events_append_only');
    }
  };

  it('keeps the log append-only for the application and for anyone who leaves its trigger on', async () => {
    // queryRows runs as the application's role, as every request does.
    const asApp = (statement: SQL) => queryRows(t.database.db, statement).catch((e: Error) => String((e.cause as Error).message));
    expect(await asApp(sql`update audit_events set target = 'x'`)).toMatch(/permission denied/);
    expect(await asApp(sql`delete from audit_events`)).toMatch(/permission denied/);
    const asOwnerWithTrigger = (text: string) => t.database.executeSql(text).catch((e: Error) => e.message);
    expect(await asOwnerWithTrigger("update audit_events set target = 'x'")).toMatch(/append-only/);
    expect(await asOwnerWithTrigger('delete from audit_events')).toMatch(/append-only/);
    expect(await asOwnerWithTrigger('truncate audit_events cascade')).toMatch(/append-only/);
  });

  it('names the chain it checked, and detects a rewrite whose plain hashes were recomputed', async () => {
    const [intact] = await verify(acmeAdmin);
    expect(intact).toMatchObject({ account_id: acme.accountId, account_name: 'Company acme', intact: true, breaks: [], break_count: 0 });
    expect(intact!.checked).toBeGreaterThanOrEqual(2);

    // The attacker edits event 2 and recomputes event 2's and every later link as plain SHA-256 would have them.
    const rows = await queryRows<{ id: number; seq: number; prev_hash: string }>(
      t.database.db,
      sql`select id::int as id, seq::int as seq, prev_hash from audit_events where account_id = ${acme.accountId} order by seq`,
    );
    let prev = rows[1]!.prev_hash;
    for (const row of rows.slice(1)) {
      if (row.seq === 2) await asOwner("update audit_events set target = 'innocent' where id = $1", [row.id]);
      const [event] = await queryRows<AuditRowForHash>(t.database.db, sql`select * from audit_events where id = ${row.id}`);
      const hash = createHash('sha256').update(prev).update(encoded(toChained(event!))).digest('hex');
      await asOwner('update audit_events set prev_hash = $1, hash = $2, keyed = false where id = $3', [prev, hash, row.id]);
      prev = hash;
    }
    await t.database.executeSql('update audit_chain_heads set hash = $1 where chain = $2', [prev, acme.accountId]);

    const [rewritten] = await verify(acmeAdmin);
    expect(rewritten!.intact).toBe(false);
    expect(rewritten!.breaks[0]).toMatchObject({ seq: 2, problem: 'not sealed with the audit key: written before it existed, or rewritten' });
  });

  it('reports every break, not only the first, and every chain to a platform administrator', async () => {
    const globexAdmin = new Visitor(t.app);
    await globexAdmin.signIn('globex-admin', PASSWORD);
    for (let i = 0; i < 3; i++) await globexAdmin.post('/rest/api/v1/user/roles', { roles: [{ name: `Role ${i}`, permissions: [] }] });
    const events = await queryRows<{ id: number; seq: number }>(
      t.database.db,
      sql`select id::int as id, seq::int as seq from audit_events where account_id = ${globex.accountId} order by seq`,
    );
    await asOwner("update audit_events set target = 'edited' where id = $1", [events[1]!.id]);
    await asOwner('delete from audit_events where id = $1', [events[3]!.id]);
    const [chain] = await verify(globexAdmin);
    expect(chain!.breaks.map((b) => [b.seq, b.problem])).toEqual([
      [2, 'its contents were changed after it was written'],
      [5, 'event 4 is missing'],
      [5, 'does not link to the event before it'],
    ]);
    expect(chain!.break_count).toBe(3);

    expect((await globexAdmin.get('/rest/api/v1/audit/chain/verify?all=true')).statusCode).toBe(403);
    const every = await verify(platform, '?all=true');
    expect(every.map((c) => [c.account_name, c.intact])).toEqual(
      expect.arrayContaining([['Company acme', false], ['Company globex', false], [null, true]]),
    );
    expect(every.at(-1)!.account_id).toBeNull(); // the anonymous chain, last
    expect(every.find((c) => c.account_id === null)!.checked).toBeGreaterThan(0);
  });

  it('hashes exactly what it stores: a lone surrogate does not read as tampering', async () => {
    const account = await seedAccount(t.database.db, 'unicode', []);
    await inScope(t.database.db, SYSTEM_SCOPE, (tx) =>
      writeSystemAuditEvent(tx, t.app.auditKey, { accountId: account.accountId, action: 'roles.create', target: 'x\ud800y\u0000z', jobId: 'job-1' }),
    );
    const [stored] = await queryRows<{ target: string }>(t.database.db, sql`select target from audit_events where account_id = ${account.accountId}`);
    expect(stored!.target).toBe('x\ufffdy\ufffdz');
    const every = await verify(platform, '?all=true');
    expect(every.find((c) => c.account_id === account.accountId)).toMatchObject({ intact: true, checked: 1 });
  });
});

describe('audit link format', () => {
  const verifyAll = async () => chainVerifications.parse((await platform.get('/rest/api/v1/audit/chain/verify?all=true')).json()).chains;
  const ownerSql = async (text: string, values: unknown[]) => {
    await t.database.executeSql('alter table audit_events disable trigger audit_events_append_only');
    try {
      await t.database.executeSql(text, values);
    } finally {
      await t.database.executeSql('alter table audit_events enable trigger audit_events_append_only');
    }
  };

  it('covers the target name the screen shows: changing it is a break', async () => {
    const account = await seedAccount(t.database.db, 'named', []);
    await inScope(t.database.db, SYSTEM_SCOPE, (tx) =>
      writeSystemAuditEvent(tx, t.app.auditKey, { accountId: account.accountId, action: 'roles.create', target: 'r-1', jobId: 'job-2' }),
    );
    expect((await verifyAll()).find((c) => c.account_id === account.accountId)).toMatchObject({ intact: true, checked: 1 });
    await ownerSql("update audit_events set target_name = 'Innocent role' where account_id = $1", [account.accountId]);
    const chain = (await verifyAll()).find((c) => c.account_id === account.accountId)!;
    expect(chain.breaks.map((b) => [b.seq, b.problem])).toEqual([[1, 'its contents were changed after it was written']]);
  });

  it('still verifies events written before the target name was linked (format 1)', async () => {
    const account = await seedAccount(t.database.db, 'format-one', []);
    await inScope(t.database.db, SYSTEM_SCOPE, (tx) =>
      writeSystemAuditEvent(tx, t.app.auditKey, { accountId: account.accountId, action: 'roles.create', target: 'r-2', jobId: 'job-3' }),
    );
    // What an event written before migration 0043 looks like: its link leaves the target name out.
    const [row] = await queryRows<AuditRowForHash & { id: number }>(t.database.db, sql`select *, id::int as id from audit_events where account_id = ${account.accountId}`);
    const old = linkMac(t.app.auditKey, '', toChained(row!));
    await ownerSql("update audit_events set link_format = 1, hash = $1, target_name = 'Any name' where id = $2", [old, row!.id]);
    await t.database.executeSql('update audit_chain_heads set hash = $1 where chain = $2', [old, account.accountId]);
    expect((await verifyAll()).find((c) => c.account_id === account.accountId)).toMatchObject({ intact: true, checked: 1 });
    // A new event cannot be passed off as an old one: its link covered the format.
    await ownerSql('update audit_events set link_format = 2 where id = $1', [row!.id]);
    expect((await verifyAll()).find((c) => c.account_id === account.accountId)!.intact).toBe(false);
  });
});

type AuditRowForHash = {
  account_id: string | null;
  seq: string;
  occurred_at: Date | string;
  actor_user_id: string | null;
  actor_username: string | null;
  action: string;
  target: string | null;
  outcome: string;
  reason: string | null;
  client_address: string;
  request_id: string;
};

function toChained(row: AuditRowForHash): ChainedFields {
  return {
    accountId: row.account_id,
    seq: Number(row.seq),
    occurredAt: new Date(row.occurred_at),
    actorUserId: row.actor_user_id,
    actorUsername: row.actor_username,
    action: row.action,
    target: row.target,
    outcome: row.outcome,
    reason: row.reason,
    clientAddress: row.client_address,
    requestId: row.request_id,
  };
}
