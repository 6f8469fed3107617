import { ApiPath, apiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { PasswordText } from '@keydeck/contract/passwords';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, Visitor, createTestApp, type TestApp, startMailingApp } from '../../../test/test-app.ts';
import { ROLE, queryRows, seedAccount } from '../../../test/fixtures.ts';
import { type ReceivedMail, type SmtpReceiver } from '../../../test/smtp-receiver.ts';

const PASSWORD = 'Harbour-Quartz-Lantern-61';

let t: TestApp;
let smtp: SmtpReceiver;
const query = <T = Record<string, unknown>>(q: SQL) => queryRows<T>(t.database.db, q);

beforeAll(async () => {
  ({ t, smtp } = await startMailingApp({ PUBLIC_URL: 'https://console.example.test/' }));
  // Another account already uses 'api-taken' as its API name, though not as its slug.
  await seedAccount(t.database.db, 'taken', [{ username: 'existing-admin', roleNames: [ROLE.admin] }]);
});
afterAll(() => t.close());

async function visitor() {
  const v = new Visitor(t.app);
  await v.get(ApiPath.login);
  return v;
}

const signUp = (slug: string, extra: Record<string, unknown> = {}) => ({
  company_name: `Company ${slug}`,
  account_slug: slug,
  username: `${slug}.admin`,
  email: `${slug}@example.test`,
  password: PASSWORD,
  ...extra,
});

/** The confirmation link a mail carries (quoted-printable soft breaks undone). */
function confirmLinkIn(mail: ReceivedMail): URL {
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/\S+\/register\?token=[\w-]+/.exec(body);
  if (!match) throw new Error('the mail carries no confirmation link');
  return new URL(match[0]);
}

/** Registers and answers the token from the mail that arrives. */
async function registered(slug: string, extra: Record<string, unknown> = {}): Promise<string> {
  const since = smtp.messages.length;
  const res = await (await visitor()).post(ApiPath.registration, signUp(slug, extra));
  expect(res.statusCode).toBe(202);
  return confirmLinkIn(await smtp.waitFor(`${slug}@example.test`, since)).searchParams.get('token')!;
}

describe('POST registration', () => {
  it('keeps a pending sign-up with hashes only and mails a 24-hour link; no account exists yet', async () => {
    const since = smtp.messages.length;
    const res = await (await visitor()).post(ApiPath.registration, signUp('northwind'));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: Messages.registrationRequested });

    const mail = await smtp.waitFor('northwind@example.test', since);
    expect(mail.raw).toContain('Subject: Confirm your Keydeck registration');
    const link = confirmLinkIn(mail);
    expect(link.href).toMatch(/^https:\/\/console\.example\.test\/register\?token=[\w-]{43}$/);

    const [pending] = await query<{ token_hash: string; password_hash: string; ttl: number }>(
      sql`select token_hash, password_hash, extract(epoch from expires_at - now())::int as ttl from registrations where account_slug = 'northwind'`,
    );
    expect(pending!.token_hash).not.toContain(link.searchParams.get('token'));
    expect(pending!.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(pending)).not.toContain(PASSWORD);
    expect(pending!.ttl).toBeGreaterThan(24 * 3600 - 60);
    expect(pending!.ttl).toBeLessThanOrEqual(24 * 3600);
    expect(await query(sql`select id from accounts where account_slug = 'northwind'`)).toEqual([]);

    const [event] = await query<{ outcome: string; target: string; account_id: string | null }>(
      sql`select outcome, target, account_id from audit_events where action = 'registration.request' order by id desc limit 1`,
    );
    expect(event).toEqual({ outcome: 'success', target: 'northwind', account_id: null });
  });

  it('answers the same for an email address another account already uses', async () => {
    const since = smtp.messages.length;
    const res = await (await visitor()).post(ApiPath.registration, signUp('seconds', { email: 'existing-admin@example.test' }));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: Messages.registrationRequested });
    await smtp.waitFor('existing-admin@example.test', since);
  });

  it('refuses a taken slug, a taken username and a weak password with field errors, creating and mailing nothing', async () => {
    const since = smtp.messages.length;
    const v = await visitor();
    const taken = await v.post(ApiPath.registration, signUp('taken', { username: 'Existing-Admin', email: 'refused@example.test' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({ account_slug: [Messages.accountTaken('account slug')], username: [Messages.usernameTaken] });

    for (const [password, message] of [
      ['short-1', PasswordText.tooShort],
      ['Password2024!', PasswordText.common],
      ['weakling.admin', PasswordText.sameAsUsername],
    ]) {
      const weak = await v.post(ApiPath.registration, signUp('weakling', { password, email: 'refused@example.test' }));
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors.password).toEqual([message]);
    }
    const malformed = await v.post(ApiPath.registration, { company_name: '', account_slug: 'Not A Slug', username: 'x', email: 'nope', password: PASSWORD });
    expect(Object.keys(malformed.json().errors).sort()).toEqual(['account_slug', 'company_name', 'email', 'username']);

    expect(await query(sql`select token_hash from registrations where email = 'refused@example.test'`)).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.slice(since)).toEqual([]);
  });

  it('is rate-limited per client address', async () => {
    const limited = await createTestApp({ REGISTRATION_RATE_LIMIT: '2' });
    try {
      const v = new Visitor(limited.app);
      await v.get(ApiPath.login);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await v.post(ApiPath.registration, signUp(`limited-${i}`))).statusCode);
      expect(statuses).toEqual([202, 202, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('POST registration/confirm', () => {
  it('creates the account and its first administrator, who signs in with the password chosen at sign-up', async () => {
    const token = await registered('contoso');
    const v = await visitor();
    const res = await v.post(ApiPath.registrationConfirm, { token });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ account: { name: 'Company contoso', account_slug: 'contoso' }, username: 'contoso.admin' });
    expect(body.account.account_code).toMatch(/^[A-Z2-9]{8}$/);

    const admin = new Visitor(t.app);
    expect((await admin.signIn('contoso.admin', PASSWORD)).statusCode).toBe(200);
    const users = await admin.get(ApiPath.users);
    expect(users.statusCode).toBe(200);
    expect(users.json().data).toEqual([
      expect.objectContaining({ username: 'contoso.admin', email: 'contoso@example.test', group: ROLE.admin, account_code: body.account.account_code }),
    ]);
    const [account] = await query<{ api_name: string; contact_email: string; roles: number }>(
      sql`select api_name, contact_email, (select count(*)::int from roles r where r.account_id = a.id and r.built_in) as roles from accounts a where account_slug = 'contoso'`,
    );
    expect(account).toMatchObject({ api_name: 'contoso', contact_email: 'contoso@example.test' });
    expect(account!.roles).toBeGreaterThan(1);

    const [event] = await query<{ outcome: string; target: string; actor_username: string; account_id: string }>(
      sql`select e.outcome, e.target, e.actor_username, e.account_id from audit_events e join accounts a on a.id = e.account_id
          where e.action = 'registration.confirm' and a.account_slug = 'contoso'`,
    );
    expect(event).toMatchObject({ outcome: 'success', target: 'contoso', actor_username: 'contoso.admin' });
  });

  it('works once', async () => {
    const token = await registered('once');
    const v = await visitor();
    expect((await v.post(ApiPath.registrationConfirm, { token })).statusCode).toBe(201);
    const again = await v.post(ApiPath.registrationConfirm, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: Messages.registrationLinkInvalid, error: 'invalid_token' });
    expect(await query(sql`select id from accounts where account_slug = 'once'`)).toHaveLength(1);
  });

  it('refuses an expired link and creates nothing', async () => {
    const token = await registered('late');
    await query(sql`update registrations set expires_at = now() - interval '1 second' where account_slug = 'late'`);
    const res = await (await visitor()).post(ApiPath.registrationConfirm, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(Messages.registrationLinkInvalid);
    expect(await query(sql`select id from accounts where account_slug = 'late'`)).toEqual([]);
    expect((await new Visitor(t.app).signIn('late.admin', PASSWORD)).statusCode).toBe(401);
  });

  it('refuses a slug another sign-up took in the meantime, and keeps the API name unique', async () => {
    const first = await registered('rival');
    const since = smtp.messages.length;
    await (await visitor()).post(ApiPath.registration, signUp('rival', { username: 'rival.other', email: 'other@example.test' }));
    const secondToken = confirmLinkIn(await smtp.waitFor('other@example.test', since)).searchParams.get('token')!;

    const v = await visitor();
    expect((await v.post(ApiPath.registrationConfirm, { token: first })).statusCode).toBe(201);
    const late = await v.post(ApiPath.registrationConfirm, { token: secondToken });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(Messages.registrationSlugTakenMeanwhile);

    const apiTaken = await registered('api-taken');
    expect((await v.post(ApiPath.registrationConfirm, { token: apiTaken })).statusCode).toBe(201);
    const [row] = await query<{ api_name: string }>(sql`select api_name from accounts where account_slug = 'api-taken'`);
    expect(row!.api_name).toMatch(/^api-taken-[a-z2-9]{4}$/);
  });
});

describe('marketplace sign-up', () => {
  it('records the marketplace and its token on the account; administrators see only its last four characters', async () => {
    const marketplaceToken = 'azure-purchase-token-Zx9Q';
    const token = await registered('fabrikam', { marketplace: { provider: 'azure', token: marketplaceToken } });
    const confirmed = await (await visitor()).post(ApiPath.registrationConfirm, { token });
    expect(confirmed.statusCode).toBe(201);

    const [stored] = await query<{ id: string; provider: string; token: string }>(
      sql`select a.id, m.provider, m.token from account_marketplaces m join accounts a on a.id = m.account_id where a.account_slug = 'fabrikam'`,
    );
    expect(stored).toMatchObject({ provider: 'azure', token: marketplaceToken });

    const admin = new Visitor(t.app);
    expect((await admin.signIn(ADMIN.username, ADMIN.password)).statusCode).toBe(200);
    const url = apiPath(ApiPath.accountMarketplace, { account_id: stored!.id });
    const seen = await admin.get(url);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().marketplace).toMatchObject({ provider: 'azure', token_last4: 'Zx9Q' });
    expect(seen.body).not.toContain(marketplaceToken);

    const [plain] = await query<{ id: string }>(sql`select id from accounts where account_slug = 'contoso'`);
    expect((await admin.get(apiPath(ApiPath.accountMarketplace, { account_id: plain!.id }))).json()).toEqual({ marketplace: null });

    const customer = new Visitor(t.app);
    await customer.signIn('fabrikam.admin', PASSWORD);
    expect((await customer.get(url)).statusCode).toBe(403);
  });

  it('turns Google Cloud Marketplace\'s form post into the sign-up page with the token in its query', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/google-marketplace',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x-gcp-marketplace-token=eyJhbGciOi.jwt-body.sig',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/google-marketplace?token=eyJhbGciOi.jwt-body.sig');
  });

  it('refuses an unknown marketplace', async () => {
    const res = await (await visitor()).post(ApiPath.registration, signUp('unknownmp', { marketplace: { provider: 'aws', token: 'x' } }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['marketplace.provider']);
  });
});
