import { ApiPath, SESSION_COOKIE } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { PasswordText } from '@keydeck/contract/passwords';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount } from '../../../test/fixtures.ts';
import { linkIn, type SmtpReceiver } from '../../../test/smtp-receiver.ts';
import { Visitor, createTestApp, type TestApp, startMailingApp } from '../../../test/test-app.ts';
import { RESET_LINKS_PER_USER } from './passwords.mails.ts';

const NEW_PASSWORD = 'Granite-Lantern-Orbit-7';

let t: TestApp;
let smtp: SmtpReceiver;
const query = <T = Record<string, unknown>>(q: SQL) => queryRows<T>(t.database.db, q);

beforeAll(async () => {
  ({ t, smtp } = await startMailingApp({ PUBLIC_URL: 'https://console.example.test/' }));
  await seedAccount(t.database.db, 'acme', [
    { username: 'ada', roleNames: [ROLE.admin] },
    { username: 'bob' },
    { username: 'cy' },
    { username: 'dee' },
    { username: 'eleanor-rigby' },
    { username: 'flo' },
  ]);
});
afterAll(() => t.close());

async function visitor() {
  const v = new Visitor(t.app);
  await v.get(ApiPath.login);
  return v;
}

/** Asks for a reset of this user and answers the token from the mail that arrives. */
async function resetLinkFor(username: string): Promise<string> {
  const since = smtp.messages.length;
  const res = await (await visitor()).post(ApiPath.passwordReset, { username, account_code: 'acme' });
  expect(res.statusCode).toBe(200);
  return new URL(linkIn(await smtp.waitFor(`${username}@example.test`, since))).searchParams.get('token')!;
}

describe('POST user/password/reset', () => {
  it('accepts the account slug of the sign-in link as well as the account code', async () => {
    await queryRows(t.database.db, sql`update accounts set account_code = 'ACME-7' where account_slug = 'acme'`);
    try {
      for (const account of ['acme', 'ACME-7']) {
        const since = smtp.messages.length;
        expect((await (await visitor()).post(ApiPath.passwordReset, { username: 'bob', account_code: account })).statusCode).toBe(200);
        expect((await smtp.waitFor('bob@example.test', since)).raw).toContain('Subject: Reset your Keydeck password');
      }
    } finally {
      await queryRows(t.database.db, sql`update accounts set account_code = 'ACME' where account_slug = 'acme'`);
    }
  });

  it('mails a link for a real user and gives an unknown one the very same answer', async () => {
    const since = smtp.messages.length;
    const v = await visitor();
    const known = await v.post(ApiPath.passwordReset, { username: 'BOB', account_code: 'ACME' });
    const unknown = await v.post(ApiPath.passwordReset, { username: 'nobody', account_code: 'acme' });
    const wrongAccount = await v.post(ApiPath.passwordReset, { username: 'bob', account_code: 'other' });
    for (const res of [known, unknown, wrongAccount]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: Messages.passwordResetRequested });
    }
    const mail = await smtp.waitFor('bob@example.test', since);
    expect(mail.raw).toContain('Subject: Reset your Keydeck password');
    expect(linkIn(mail)).toMatch(/^https:\/\/console\.example\.test\/forgot\/reset\?token=[\w-]{43}$/);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.slice(since)).toHaveLength(1);

    const [stored] = await query<{ token_hash: string; ttl: number }>(
      sql`select token_hash, extract(epoch from expires_at - now())::int as ttl from password_tokens where purpose = 'reset'`,
    );
    expect(stored!.token_hash).not.toContain(new URL(linkIn(mail)).searchParams.get('token'));
    expect(stored!.ttl).toBeGreaterThan(29 * 60);
    expect(stored!.ttl).toBeLessThanOrEqual(30 * 60);
  });

  it('refuses bad input with field errors and mails nothing', async () => {
    const res = await (await visitor()).post(ApiPath.passwordReset, { username: '', account_code: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['account_code', 'username']);
  });

  it('mails one user a few links however many addresses ask, answers them alike, and voids none of them', async () => {
    const since = smtp.messages.length;
    const answers = [];
    for (let i = 1; i <= 30; i++) {
      const v = new Visitor(t.app);
      const ask = (url: string, payload?: object) => v.call({ method: payload ? 'POST' : 'GET', url, remoteAddress: `198.51.100.${i}`, ...(payload ? { payload } : {}) });
      await ask(ApiPath.login);
      answers.push(await ask(ApiPath.passwordReset, { username: 'flo', account_code: 'acme' }));
    }
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: Messages.passwordResetRequested });
    }
    const first = await smtp.waitFor('flo@example.test', since);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.slice(since).filter((m) => m.to.includes('flo@example.test'))).toHaveLength(RESET_LINKS_PER_USER);
    // The link of the first mail still works after all the later requests.
    const token = new URL(linkIn(first)).searchParams.get('token')!;
    expect((await (await visitor()).post(ApiPath.passwordTokenVerify, { token })).statusCode).toBe(200);
    const [held] = await query<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'auth.password_reset_request' and target = 'flo' and reason = 'links_per_user'`,
    );
    expect(held!.n).toBe(30 - RESET_LINKS_PER_USER);
  });

  it('is rate-limited per client address', async () => {
    const limited = await createTestApp({ PASSWORD_RESET_RATE_LIMIT: '2' });
    try {
      const v = new Visitor(limited.app);
      await v.get(ApiPath.login);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await v.post(ApiPath.passwordReset, { username: 'x', account_code: 'y' })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the link', () => {
  it('verifies, sets the password once, ends every session of the user, and is audited', async () => {
    const signedIn = new Visitor(t.app);
    expect((await signedIn.signIn('bob', PASSWORD)).statusCode).toBe(200);
    const token = await resetLinkFor('bob');

    const v = await visitor();
    const verified = await v.post(ApiPath.passwordTokenVerify, { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().token).toMatchObject({ purpose: 'reset', username: 'bob' });

    const set = await v.post(ApiPath.passwordTokenUse, { token, password: NEW_PASSWORD });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ password_set: true, username: 'bob' });
    expect(JSON.stringify(set.json())).not.toContain(NEW_PASSWORD);

    expect((await signedIn.get(ApiPath.login)).statusCode).toBe(401);
    expect((await new Visitor(t.app).signIn('bob', PASSWORD)).statusCode).toBe(401);
    expect((await new Visitor(t.app).signIn('bob', NEW_PASSWORD)).statusCode).toBe(200);

    const again = await v.post(ApiPath.passwordTokenUse, { token, password: 'Another-Fine-Password-8' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(Messages.passwordLinkInvalid);
    expect((await v.post(ApiPath.passwordTokenVerify, { token })).statusCode).toBe(400);

    const [event] = await query<{ outcome: string; target: string; reason: string | null; account_id: string | null }>(
      sql`select outcome, target, reason, account_id from audit_events where action = 'auth.password_set' and outcome = 'success'`,
    );
    expect(event).toMatchObject({ outcome: 'success', target: 'bob', reason: 'reset' });
    expect(event!.account_id).not.toBeNull();
  });

  it('expires after 30 minutes', async () => {
    const token = await resetLinkFor('cy');
    await query(sql`update password_tokens set expires_at = now() - interval '1 second'`);
    const v = await visitor();
    expect((await v.post(ApiPath.passwordTokenVerify, { token })).statusCode).toBe(400);
    const res = await v.post(ApiPath.passwordTokenUse, { token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(Messages.passwordLinkInvalid);
    expect((await new Visitor(t.app).signIn('cy', PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a weak password with a field error and keeps the link usable', async () => {
    const token = await resetLinkFor('dee');
    const v = await visitor();
    const cases: [string, string][] = [
      ['short-1', PasswordText.tooShort],
      ['Password2024!', PasswordText.common],
      ['qwertyuiop123', PasswordText.common],
      ['deedeedeedee', PasswordText.common],
    ];
    for (const [password, message] of cases) {
      const res = await v.post(ApiPath.passwordTokenUse, { token, password });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.password).toEqual([message]);
    }
    expect((await v.post(ApiPath.passwordTokenUse, { token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});

describe('PUT service/user', () => {
  it('changes the caller\'s own password, keeps this session and ends the others', async () => {
    const other = new Visitor(t.app);
    await other.signIn('ada', PASSWORD);
    const me = new Visitor(t.app);
    await me.signIn('ada', PASSWORD);
    const change = (body: object) => me.call({ method: 'PUT', url: ApiPath.ownPassword, payload: body });

    const wrongOld = await change({ username: 'ada', old_password: 'not-it', new_password: NEW_PASSWORD });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().errors.old_password).toEqual([Messages.currentPasswordWrong]);

    const asUsername = await change({ username: 'ada', old_password: PASSWORD, new_password: 'ada' });
    expect(asUsername.json().errors.new_password).toEqual([PasswordText.tooShort]);

    const someoneElse = await change({ username: 'bob', old_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(someoneElse.statusCode).toBe(403);

    const ok = await change({ username: 'ada', old_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ password_changed: true });
    expect((await me.get(ApiPath.login)).statusCode).toBe(200);
    expect((await other.get(ApiPath.login)).statusCode).toBe(401);
    expect((await new Visitor(t.app).signIn('ada', NEW_PASSWORD)).statusCode).toBe(200);

    const audit = await query<{ outcome: string }>(sql`select outcome from audit_events where action = 'auth.password_change' order by id`);
    expect(audit.map((a) => a.outcome)).toContain('success');
  });

  it('refuses a new password equal to the username', async () => {
    const me = new Visitor(t.app);
    await me.signIn('eleanor-rigby', PASSWORD);
    const res = await me.call({
      method: 'PUT',
      url: ApiPath.ownPassword,
      payload: { username: 'eleanor-rigby', old_password: PASSWORD, new_password: 'Eleanor-Rigby' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.new_password).toEqual([PasswordText.sameAsUsername]);
  });

  it('counts wrong current passwords against the sign-in throttle: the wait holds here and at sign-in, a right one clears the count', async () => {
    const strict = await createTestApp({ LOGIN_FREE_ATTEMPTS: '2' });
    try {
      await seedAccount(strict.database.db, 'strict', [{ username: 'guarded' }]);
      const me = new Visitor(strict.app);
      await me.signIn('guarded', PASSWORD);
      const change = (old_password: string, new_password = NEW_PASSWORD) =>
        me.call({ method: 'PUT', url: ApiPath.ownPassword, payload: { username: 'guarded', old_password, new_password } });

      expect((await change('guess-1')).statusCode).toBe(400);
      expect((await change('guess-2')).statusCode).toBe(400);
      expect((await change(PASSWORD)).statusCode).toBe(200); // the count starts again
      expect((await change('guess-3')).statusCode).toBe(400);
      expect((await change('guess-4')).statusCode).toBe(400);
      expect((await change('guess-5')).statusCode).toBe(400); // the third in a row makes the next one wait
      const locked = await change(NEW_PASSWORD, 'Quartz-Meadow-Ferry-42');
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(Messages.passwordReentryLocked);
      // The same address signing in waits as well; the count is one throttle.
      expect((await new Visitor(strict.app).signIn('guarded', NEW_PASSWORD)).statusCode).toBe(429);
      const refusals = await queryRows<{ reason: string }>(
        strict.database.db,
        sql`select reason from audit_events where action = 'auth.password_change' and outcome <> 'success' order by id`,
      );
      expect(refusals.map((r) => r.reason)).toContain('password_reentry_throttled');
    } finally {
      await strict.close();
    }
  });

  it('needs a session', async () => {
    const v = await visitor();
    const res = await v.call({ method: 'PUT', url: ApiPath.ownPassword, payload: { username: 'ada', old_password: 'x', new_password: NEW_PASSWORD } });
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });
});

describe('invitations', () => {
  it('mail a 72-hour link to choose a password, which then signs the user in', async () => {
    const admin = new Visitor(t.app);
    await admin.signIn('ada', NEW_PASSWORD);
    const since = smtp.messages.length;
    const res = await admin.post(ApiPath.users, { users: [{ username: 'newcomer', name: 'New Comer', email: 'newcomer@example.test' }] });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitFor('newcomer@example.test', since);
    expect(mail.raw).toContain('Company acme');
    const link = new URL(linkIn(mail));
    expect(link.searchParams.get('invite')).toBe('1');
    const token = link.searchParams.get('token')!;

    const v = await visitor();
    const verified = await v.post(ApiPath.passwordTokenVerify, { token });
    expect(verified.json().token).toMatchObject({ purpose: 'invite', username: 'newcomer' });
    const hours = (Date.parse(verified.json().token.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    expect((await v.post(ApiPath.passwordTokenUse, { token, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await new Visitor(t.app).signIn('newcomer', NEW_PASSWORD)).statusCode).toBe(200);
    const events = await query(sql`select reason from audit_events where action = 'auth.password_set' and target = 'newcomer'`);
    expect(events).toEqual([{ reason: 'invite' }]);
  });

  it('mail nothing when the invitation is refused', async () => {
    const admin = new Visitor(t.app);
    await admin.signIn('ada', NEW_PASSWORD);
    const since = smtp.messages.length;
    const res = await admin.post(ApiPath.users, {
      users: [
        { username: 'fresh-one', name: 'Fresh', email: 'fresh@example.test' },
        { username: 'bob', name: 'Taken', email: 'taken@example.test' },
      ],
    });
    expect(res.statusCode).toBe(400);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.slice(since)).toEqual([]);
  });
});
