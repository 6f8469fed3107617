import { allowlist } from '@keydeck/contract/allowlist';
import { Messages } from '@keydeck/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount, type SeededAccount } from '../../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

const IPS = '/rest/api/v1/admin/ips';
const OUTSIDE = '198.51.100.77';
let t: TestApp;
let acme: SeededAccount;
let globex: SeededAccount;
let admin: Visitor;
let platform: Visitor;

const setPolicy = (accountId: string, changes: object) =>
  platform.call({ method: 'PUT', url: '/rest/api/v1/admin/accounts', payload: { accounts: [{ id: accountId, ...changes }] } });

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }, { username: 'acme-viewer', roleNames: [ROLE.readOnly] }]);
  globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
  admin = new Visitor(t.app);
  await admin.signIn('acme-admin', PASSWORD);
  platform = new Visitor(t.app);
  await platform.signIn(ADMIN.username, ADMIN.password);
});
afterAll(() => t.close());

describe('admin/ips', () => {
  it('shows the list with the caller current address', async () => {
    const res = await admin.get(IPS);
    expect(allowlist.parse(res.json())).toMatchObject({ account_id: acme.accountId, current_ip: '127.0.0.1', enforce_ip: false, ip_addresses: [] });
  });

  it('adds without asking while the list is not enforced (it keeps nobody out yet), and keeps canonical ranges', async () => {
    const added = await admin.call({ method: 'POST', url: IPS, payload: { ip_address: '203.0.113.0/24' } });
    expect(added.statusCode).toBe(200);
    expect(allowlist.parse(added.json()).ip_addresses.map((e) => e.ip_address)).toEqual(['203.0.113.0/24']);
    const res = await admin.call({ method: 'POST', url: IPS, payload: { ip_address: '127.0.0.1' } });
    expect(allowlist.parse(res.json()).ip_addresses.map((e) => e.ip_address)).toEqual(['203.0.113.0/24', '127.0.0.1/32']);
    const ipv6 = await admin.call({ method: 'POST', url: IPS, payload: { ip_address: '2001:DB8::/32' } });
    expect(allowlist.parse(ipv6.json()).ip_addresses.at(-1)?.ip_address).toBe('2001:db8::/32');
  });

  it('refuses bad addresses, duplicates, and going over the allowance', async () => {
    const bad = await admin.call({ method: 'POST', url: IPS, payload: { ip_address: '300.1.1.1/40' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['ip_address']);
    const duplicate = await admin.call({ method: 'POST', url: IPS, payload: { ip_address: '127.0.0.1/32' } });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors).toEqual({ ip_address: [Messages.allowlistDuplicate] });

    await setPolicy(acme.accountId, { admin_whitelist_allowance: 3 });
    const full = await admin.call({ method: 'POST', url: IPS, payload: { ip_address: '192.0.2.1' } });
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe(Messages.allowlistFull(3));
  });

  it('keeps each account to its own list', async () => {
    expect((await admin.get(`${IPS}?account_id=${globex.accountId}`)).statusCode).toBe(404);
    const other = await admin.call({ method: 'POST', url: IPS, payload: { ip_address: '192.0.2.9', account_id: globex.accountId } });
    expect(other.statusCode).toBe(404);
    const viewer = new Visitor(t.app);
    await viewer.signIn('acme-viewer', PASSWORD);
    expect((await viewer.call({ method: 'POST', url: IPS, payload: { ip_address: '192.0.2.9' } })).statusCode).toBe(403);
    // A platform administrator manages any account's list, without being asked about their own address.
    const byPlatform = await platform.call({ method: 'POST', url: IPS, payload: { ip_address: '192.0.2.9', account_id: globex.accountId } });
    expect(allowlist.parse(byPlatform.json()).ip_addresses.map((e) => e.ip_address)).toEqual(['192.0.2.9/32']);
  });
});

describe('switching enforcement from the settings screen (PUT user/account)', () => {
  it('refuses an empty list, asks before locking the caller out, and switches on and off', async () => {
    const SETTINGS = '/rest/api/v1/user/account';
    await seedAccount(t.database.db, 'initech', [{ username: 'initech-admin', roleNames: [ROLE.admin] }]);
    const initech = new Visitor(t.app);
    await initech.signIn('initech-admin', PASSWORD);
    const refused = await initech.call({ method: 'PUT', url: SETTINGS, payload: { enforce_ip: true } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ enforce_ip: [Messages.allowlistEmpty] });

    await initech.call({ method: 'POST', url: IPS, payload: { ip_address: '127.0.0.0/8' } });
    expect((await initech.call({ method: 'PUT', url: SETTINGS, payload: { enforce_ip: true } })).json().enforce_ip).toBe(true);
    expect((await initech.call({ method: 'PUT', url: SETTINGS, payload: { enforce_ip: false } })).json().enforce_ip).toBe(false);

    // globex's list holds only 192.0.2.9 (added by the platform administrator above): the caller is outside it.
    const globexAdmin = new Visitor(t.app);
    await globexAdmin.signIn('globex-admin', PASSWORD);
    const unconfirmed = await globexAdmin.call({ method: 'PUT', url: SETTINGS, payload: { enforce_ip: true } });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error).toBe('confirmation_required');
    expect((await globexAdmin.get(SETTINGS)).json().enforce_ip).toBe(false);
  });
});

describe('IP allowlist enforcement', () => {
  it('refuses sign-in and every call from outside the list once enforce_ip is on, and audits it', async () => {
    await setPolicy(acme.accountId, { enforce_ip: true });
    expect((await admin.get('/rest/api/v1/user/account')).statusCode).toBe(200);

    const outsideCall = await admin.call({ method: 'GET', url: '/rest/api/v1/user/account', remoteAddress: OUTSIDE });
    expect(outsideCall.statusCode).toBe(403);
    expect(outsideCall.json().message).toBe(Messages.ipNotAllowed(OUTSIDE));

    const stranger = new Visitor(t.app);
    await stranger.get('/rest/api/v1/login');
    const signIn = await stranger.call({ method: 'POST', url: '/rest/api/v1/login', payload: { username: 'acme-viewer', password: PASSWORD }, remoteAddress: OUTSIDE });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.cookies.find((c) => c.name === 'KEYDECK_SESSION')).toBeUndefined();

    const refusals = await queryRows<{ action: string; outcome: string }>(
      t.database.db,
      sql`select action, outcome from audit_events where reason = 'ip_not_allowed' and client_address = ${OUTSIDE} order by id`,
    );
    expect(refusals).toEqual([
      { action: 'http.get', outcome: 'refused' },
      { action: 'auth.login', outcome: 'refused' },
    ]);
    // Signing out works from anywhere.
    expect((await admin.call({ method: 'POST', url: '/rest/api/v1/logout', remoteAddress: OUTSIDE })).statusCode).toBe(200);
  });

  it('asks for confirmation before removing the caller own way in, and leaves other accounts alone', async () => {
    const back = new Visitor(t.app);
    await back.signIn('acme-admin', PASSWORD);
    const removal = await back.call({ method: 'DELETE', url: IPS, payload: { ip_address: '127.0.0.1' } });
    expect(removal.statusCode).toBe(409);
    const globexAdmin = new Visitor(t.app);
    await globexAdmin.get('/rest/api/v1/login');
    const fromOutside = await globexAdmin.call({ method: 'POST', url: '/rest/api/v1/login', payload: { username: 'globex-admin', password: PASSWORD }, remoteAddress: OUTSIDE });
    expect(fromOutside.statusCode).toBe(200);
  });
});
