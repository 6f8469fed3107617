import { chainVerifications } from '@keydeck/contract/audit';
import { Messages } from '@keydeck/contract/messages';
import { accountExport, offboardingStatus } from '@keydeck/contract/offboarding';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount, type SeededAccount } from '../../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let acme: SeededAccount;
let globex: SeededAccount;
let platform: Visitor;
let platformAccountId: string;
const base = (id: string) => `/rest/api/v1/admin/accounts/${id}/offboarding`;
const exportData = (id: string) => platform.post(`${base(id)}/export`);
const offboard = (id: string, confirm_slug: string) => platform.call({ method: 'DELETE', url: base(id), payload: { confirm_slug } });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Gives an account something in every area, through the API as an administrator would. */
async function populate(accountId: string, n: number) {
  const calls = [
    platform.post('/rest/api/v1/admin/ips', { ip_address: `198.51.100.${n}`, account_id: accountId }),
    platform.call({ method: 'PUT', url: `/rest/api/v2/account/${accountId}/feature/`, payload: { feature_name: 'cryptohub', feature_value: true } }),
    platform.post('/rest/api/v1/admin/port-ranges', { port_ranges: [{ start_port: 20000 + n * 100, end_port: 20009 + n * 100, account_id: accountId }] }),
    platform.post(`/rest/api/v1/accounts/${accountId}/licenses`, { licenses: [{ product: 'cloud_hsms', quantity: 2, valid_from: day(-1), valid_until: day(30) }] }),
    platform.post(`/rest/api/v1/accounts/${accountId}/syslog-configs`, { name: 'SIEM', host: '127.0.0.1', port: 9, protocol: 'udp', enabled: false }),
    platform.post('/rest/api/v1/admin/services/', { services: [{ type: 'cloud_hsms', name: 'Vault', location: 'eu-west', environment: 'production', account_id: accountId }] }),
    platform.call({ method: 'PUT', url: `/rest/api/v1/accounts/${accountId}/allowed-flows`, payload: { password: true, openid: false } }),
    platform.post(`/rest/api/v1/accounts/${accountId}/identity-providers`, {
      name: 'Corporate SSO',
      issuer: 'https://sso.example.test',
      client_id: 'keydeck',
      client_secret: `sso-client-secret-${n}`,
    }),
  ];
  for (const call of calls) expect((await call).statusCode).toBeLessThan(300);
}

/** Every table with an account_id column, found in the catalogue so a table added later is covered too. */
async function accountTables(): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    t.database.db,
    sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'account_id' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

async function rowsOf(accountId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await accountTables()) {
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(table)} where account_id = ${accountId}`);
    counts[table] = row!.n;
  }
  const [account] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from accounts where id = ${accountId}`);
  counts.accounts = account!.n;
  return counts;
}

/** Every key anywhere in a JSON document. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }, { username: 'acme-reader', roleNames: [ROLE.readOnly] }]);
  globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
  platform = new Visitor(t.app);
  await platform.signIn(ADMIN.username, ADMIN.password);
  const [row] = await queryRows<{ id: string }>(t.database.db, sql`select id from accounts where is_platform`);
  platformAccountId = row!.id;
  await populate(acme.accountId, 1);
  await populate(globex.accountId, 2);
  // Both accounts' own users act too, so each has sessions and an audit chain of its own.
  for (const username of ['acme-admin', 'globex-admin']) {
    const visitor = new Visitor(t.app);
    await visitor.signIn(username, PASSWORD);
    await visitor.post('/rest/api/v1/user/roles', { roles: [{ name: 'Auditors', permissions: ['audit:read'] }] });
  }
});
afterAll(() => t.close());

describe('account export', () => {
  it("contains the account's data from every area and no secret", async () => {
    const res = await exportData(acme.accountId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="acme-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const doc = accountExport.parse(res.json());
    expect(doc).toMatchObject({ format: 'keydeck-account-export', version: 1, account: { id: acme.accountId, account_slug: 'acme' } });
    expect(doc.users.map((u) => u.username).sort()).toEqual(['acme-admin', 'acme-reader']);
    expect(doc.roles.map((r) => r.name)).toContain('Auditors');
    expect(doc.user_roles).toHaveLength(2);
    expect(doc.ip_allowlist.map((e) => e.ip_address)).toEqual(['198.51.100.1/32']);
    expect(doc.features.find((f) => f.feature_name === 'cryptohub')?.feature_value).toBe(true);
    expect(doc.port_ranges.map((r) => r.start_port)).toEqual([20100]);
    expect(doc.licenses.map((l) => l.product)).toEqual(['cloud_hsms']);
    expect(doc.syslog_configs.map((c) => c.name)).toEqual(['SIEM']);
    expect(doc.services.map((s) => [s.name, s.type_name])).toEqual([['Vault', 'Cloud HSMs']]);
    expect(doc.allowed_flows).toEqual(['password']);
    expect(doc.identity_providers.map((p) => [p.name, p.client_id])).toEqual([['Corporate SSO', 'keydeck']]);
    expect(res.body).not.toContain('sso-client-secret');
    expect(doc.audit_events.map((e) => e.action)).toEqual(expect.arrayContaining(['roles.create', 'licenses.create']));
    expect(doc.audit_events.every((e) => e.account_id === acme.accountId)).toBe(true);

    const text = res.body;
    expect(keysOf(res.json()).filter((k) => /password|hash|secret|token|session/i.test(k))).toEqual([]);
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('globex');
  });

  it('is recorded on the account and audited on the platform account', async () => {
    const status = offboardingStatus.parse((await platform.get(base(acme.accountId))).json()).offboarding;
    expect(status.can_delete).toBe(true);
    expect(Date.now() - Date.parse(status.exported_at!)).toBeLessThan(60_000);
    const events = await queryRows<{ account_id: string; target_name: string }>(
      t.database.db,
      sql`select account_id, target_name from audit_events where action = 'accounts.export' and outcome = 'success'`,
    );
    expect(events).toEqual([{ account_id: platformAccountId, target_name: 'acme' }]);
  });

  it('is for platform administrators only', async () => {
    const customer = new Visitor(t.app);
    await customer.signIn('acme-admin', PASSWORD);
    expect((await customer.post(`${base(acme.accountId)}/export`)).statusCode).toBe(403);
    expect((await customer.call({ method: 'DELETE', url: base(acme.accountId), payload: { confirm_slug: 'acme' } })).statusCode).toBe(403);
    expect((await exportData('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('account deletion', () => {
  it('is refused without a recent export, with a wrong slug, and for the platform account', async () => {
    const noExport = await offboard(globex.accountId, 'globex');
    expect(noExport.statusCode).toBe(400);
    expect(noExport.json().message).toBe(Messages.offboardingExportRequired);

    const wrongSlug = await offboard(acme.accountId, 'acme-corp');
    expect(wrongSlug.statusCode).toBe(400);
    expect(wrongSlug.json().errors).toEqual({ confirm_slug: [Messages.offboardingSlugMismatch] });

    await queryRows(t.database.db, sql`update accounts set offboarding_exported_at = now() - interval '25 hours' where id = ${acme.accountId}`);
    const staleExport = await offboard(acme.accountId, 'acme');
    expect(staleExport.statusCode).toBe(400);
    expect(staleExport.json().message).toBe(Messages.offboardingExportRequired);

    expect((await exportData(platformAccountId)).statusCode).toBe(200);
    const platformAccount = await offboard(platformAccountId, 'platform');
    expect(platformAccount.statusCode).toBe(400);
    expect(platformAccount.json().message).toBe(Messages.offboardingPlatformAccount);
    expect((await rowsOf(acme.accountId)).accounts).toBe(1);
    expect((await rowsOf(platformAccountId)).accounts).toBe(1);
  });

  it("removes every row of the account, leaves other accounts untouched, and is audited on the platform account", async () => {
    const before = await rowsOf(acme.accountId);
    for (const table of ['users', 'roles', 'user_roles', 'sessions', 'ip_allowlist', 'account_features', 'port_ranges', 'licenses', 'syslog_destinations', 'audit_events']) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    const globexBefore = await rowsOf(globex.accountId);

    expect((await exportData(acme.accountId)).statusCode).toBe(200);
    const res = await offboard(acme.accountId, 'acme');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ account: { id: acme.accountId, account_slug: 'acme' } });

    const after = await rowsOf(acme.accountId);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    const [freed] = await queryRows<{ account_id: string | null }>(t.database.db, sql`select account_id from port_ranges where start_port = 20100`);
    expect(freed).toEqual({ account_id: null });
    expect(await rowsOf(globex.accountId)).toEqual(globexBefore);

    const globexAdmin = new Visitor(t.app);
    expect((await globexAdmin.signIn('globex-admin', PASSWORD)).statusCode).toBe(200);
    const [chain] = chainVerifications.parse((await globexAdmin.get('/rest/api/v1/audit/chain/verify')).json()).chains;
    expect(chain).toMatchObject({ account_id: globex.accountId, intact: true });
    expect(chain!.checked).toBeGreaterThan(0);
    const acmeAdmin = new Visitor(t.app);
    expect((await acmeAdmin.signIn('acme-admin', PASSWORD)).statusCode).toBe(401);

    const events = await queryRows<{ account_id: string; target_name: string; actor_username: string }>(
      t.database.db,
      sql`select account_id, target_name, actor_username from audit_events where action = 'accounts.offboard' and outcome = 'success'`,
    );
    expect(events).toEqual([{ account_id: platformAccountId, target_name: 'acme', actor_username: ADMIN.username }]);
    const every = chainVerifications.parse((await platform.get('/rest/api/v1/audit/chain/verify?all=true')).json()).chains;
    expect(every.every((chain) => chain.intact)).toBe(true);
    expect(every.map((chain) => chain.account_id)).not.toContain(acme.accountId);
  });
});
