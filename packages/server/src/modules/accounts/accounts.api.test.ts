import { accountResponse, accountsPage, accountsResponse } from '@keydeck/contract/accounts';
import { ApiPath } from '@keydeck/contract/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, seedAccount } from '../../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

const ACCOUNTS = '/rest/api/v1/admin/accounts';
let t: TestApp;
let platform: Visitor;

const newAccount = (slug: string) => ({
  name: `Company ${slug}`,
  api_name: `api-${slug}`,
  account_slug: slug,
  account_code: slug.replace(/-/g, '').toUpperCase().padEnd(4, 'X'),
});

beforeAll(async () => {
  t = await createTestApp();
  await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
  platform = new Visitor(t.app);
  await platform.signIn(ADMIN.username, ADMIN.password);
});
afterAll(() => t.close());

describe('admin/accounts', () => {
  it('is for platform administrators only', async () => {
    const customer = new Visitor(t.app);
    await customer.signIn('acme-admin', PASSWORD);
    expect((await customer.get(ACCOUNTS)).statusCode).toBe(403);
    expect((await customer.call({ method: 'POST', url: ACCOUNTS, payload: { accounts: [newAccount('sneaky')] } })).statusCode).toBe(403);
  });

  it('creates accounts and lists them with paging, sorting and search', async () => {
    const res = await platform.call({
      method: 'POST',
      url: ACCOUNTS,
      payload: { accounts: ['delta', 'bravo', 'charlie'].map(newAccount) },
    });
    expect(res.statusCode).toBe(201);
    expect(accountsResponse.parse(res.json()).accounts.map((a) => a.account_slug)).toEqual(['delta', 'bravo', 'charlie']);

    const first = accountsPage.parse((await platform.get(`${ACCOUNTS}?page_size=2`)).json());
    expect(first.total).toBe(5); // platform, acme, and the three new ones
    expect(first.data.map((a) => a.name)).toEqual(['Company acme', 'Company bravo']);
    const second = accountsPage.parse((await platform.get(`${ACCOUNTS}?page=2&page_size=2`)).json());
    expect(second.data.map((a) => a.name)).toEqual(['Company charlie', 'Company delta']);
    const desc = accountsPage.parse((await platform.get(`${ACCOUNTS}?order=desc&page_size=1`)).json());
    expect(desc.data[0]?.name).toBe('Keydeck Platform');
    const found = accountsPage.parse((await platform.get(`${ACCOUNTS}?search=RAV`)).json());
    expect(found).toMatchObject({ total: 1, data: [{ account_slug: 'bravo', user_count: 0 }] });
  });

  it('refuses a taken slug or bad fields with field errors and creates nothing', async () => {
    const res = await platform.call({
      method: 'POST',
      url: ACCOUNTS,
      payload: { accounts: [newAccount('echo'), { ...newAccount('foxtrot'), account_slug: 'acme' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'accounts.1.account_slug': ['Another account already uses this account slug.'] });
    const echo = accountsPage.parse((await platform.get(`${ACCOUNTS}?search=echo`)).json());
    expect(echo.total).toBe(0);

    const bad = await platform.call({
      method: 'POST',
      url: ACCOUNTS,
      payload: { accounts: [{ name: '', api_name: 'Bad Name', account_slug: 'x', account_code: '!' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'accounts.0.account_code',
      'accounts.0.account_slug',
      'accounts.0.api_name',
      'accounts.0.name',
    ]);
  });

  it('disabling an account ends its sessions and refuses its sign-ins', async () => {
    const customer = new Visitor(t.app);
    await customer.signIn('acme-admin', PASSWORD);
    const acme = accountsPage.parse((await platform.get(`${ACCOUNTS}?search=acme`)).json()).data[0]!;
    expect(acme.user_count).toBe(1);

    const res = await platform.call({ method: 'DELETE', url: ACCOUNTS, payload: { accounts: [acme.id] } });
    expect(res.statusCode).toBe(200);
    expect(accountsResponse.parse(res.json()).accounts[0]?.disabled).toBe(true);
    expect((await customer.get('/rest/api/v1/login')).statusCode).toBe(401);
    expect((await new Visitor(t.app).signIn('acme-admin', PASSWORD)).statusCode).toBe(401);

    await platform.call({ method: 'PUT', url: ACCOUNTS, payload: { accounts: [{ id: acme.id, disabled: false }] } });
    expect((await new Visitor(t.app).signIn('acme-admin', PASSWORD)).statusCode).toBe(200);
  });

  it('answers one account by id, and 404 for an unknown id', async () => {
    const acme = accountsPage.parse((await platform.get(`${ACCOUNTS}?search=acme`)).json()).data[0]!;
    const res = await platform.get(`${ACCOUNTS}/${acme.id}`);
    expect(res.json()).toEqual({ account: acme });
    expect((await platform.get(`${ACCOUNTS}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await platform.get(`${ACCOUNTS}/not-a-uuid`)).statusCode).toBe(404);
  });

  it('says how many administrators an account has: none when created, one once its first is invited', async () => {
    const created = accountsResponse.parse((await platform.call({ method: 'POST', url: ACCOUNTS, payload: { accounts: [newAccount('echo')] } })).json()).accounts[0]!;
    expect(created.administrator_count).toBe(0);
    expect(accountResponse.parse((await platform.get(`${ACCOUNTS}/${created.id}`)).json()).account.administrator_count).toBe(0);

    const roles = (await platform.get(`${ApiPath.roles}?account_id=${created.id}`)).json() as { data: { id: string; name: string }[] };
    const adminRole = roles.data.find((role) => role.name === ROLE.admin)!;
    const readOnly = roles.data.find((role) => role.name === ROLE.readOnly)!;
    const invite = (username: string, role: string) =>
      platform.call({ method: 'POST', url: ApiPath.users, payload: { account_id: created.id, users: [{ username, name: username, email: `${username}@example.test`, roles: [role] }] } });
    expect((await invite('echo-reader', readOnly.id)).statusCode).toBe(201);
    expect(accountResponse.parse((await platform.get(`${ACCOUNTS}/${created.id}`)).json()).account).toMatchObject({ user_count: 1, administrator_count: 0 });
    expect((await invite('echo-admin', adminRole.id)).statusCode).toBe(201);
    const listed = accountsPage.parse((await platform.get(`${ACCOUNTS}?search=echo`)).json()).data[0]!;
    expect(listed).toMatchObject({ user_count: 2, administrator_count: 1 });
  });

  it('leaves the platform account alone', async () => {
    const platformAccount = accountsPage.parse((await platform.get(`${ACCOUNTS}?search=platform`)).json()).data[0]!;
    const res = await platform.call({ method: 'DELETE', url: ACCOUNTS, payload: { accounts: [platformAccount.id] } });
    expect(res.statusCode).toBe(400);
    expect((await platform.get('/rest/api/v1/login')).statusCode).toBe(200);
  });
});

describe('user/account', () => {
  it('answers the caller account settings', async () => {
    const customer = new Visitor(t.app);
    await customer.signIn('acme-admin', PASSWORD);
    const res = await customer.get('/rest/api/v1/user/account');
    expect(res.json()).toEqual({ account_code: 'ACME', admin_whitelist_allowance: 10, enforce_ip: false });
  });
});
