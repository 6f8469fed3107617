import { authInfoResponse } from '@keydeck/contract/auth';
import { ErrorCode } from '@keydeck/contract/errors';
import { SESSION_COOKIE } from '@keydeck/contract/http';
import { mfaStatusResponse, recoveryCodesResponse, totpConfirmResponse, totpEnrolmentResponse } from '@keydeck/contract/mfa';
import { Messages } from '@keydeck/contract/messages';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount, signedInUser, type SeededAccount } from '../../../test/fixtures.ts';
import { awayFromStepEdge, oathtoolCode } from '../../../test/oathtool.ts';
import type { SmtpReceiver } from '../../../test/smtp-receiver.ts';
import { Visitor, type TestApp, startMailingApp } from '../../../test/test-app.ts';

const API = '/rest/api/v1';
const MFA = `${API}/mfa`;
const BEGIN = `${API}/totp/enrol/begin`;
const CONFIRM = `${API}/totp/enrol/confirm`;
const COMPLETE = `${API}/totp/authenticate/complete`;
const RECOVERY = `${API}/recovery-codes`;
const USERS = `${API}/user/users`;
const reset = (userId: string) => `${USERS}/${userId}/mfa/reset`;

let t: TestApp;
let smtp: SmtpReceiver;
let acme: SeededAccount;
const query = <T = Record<string, unknown>>(q: SQL) => queryRows<T>(t.database.db, q);

/** Enrols an authenticator app for a user through the API, confirmed with oathtool's current code. */
async function enrol(username: string) {
  const visitor = await signedInUser(t, username);
  const { enrolment } = totpEnrolmentResponse.parse((await visitor.post(BEGIN)).json());
  await awayFromStepEdge();
  const res = await visitor.post(CONFIRM, { otp: oathtoolCode(enrolment.secret) });
  expect(res.statusCode).toBe(200);
  return { visitor, secret: enrolment.secret, recoveryCodes: totpConfirmResponse.parse(res.json()).recovery_codes };
}

/** Signs in with the password only: the session owes its TOTP code. */
async function partiallySignedIn(username: string) {
  const visitor = new Visitor(t.app);
  const res = await visitor.signIn(username, PASSWORD);
  expect(res.statusCode).toBe(200);
  expect(authInfoResponse.parse(res.json()).auth_info).toMatchObject({ fully_logged_in: false, next_factor: 'totp' });
  return visitor;
}

const forgetLastStep = (username: string) =>
  query(sql`update user_totp set last_used_step = null where user_id = (select id from users where username = ${username})`);

beforeAll(async () => {
  ({ t, smtp } = await startMailingApp());
  acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-admin', roleNames: [ROLE.admin] },
    { username: 'ada', roleNames: [ROLE.readOnly] },
    { username: 'bob', roleNames: [ROLE.readOnly] },
    { username: 'carol', roleNames: [ROLE.readOnly] },
    { username: 'dave', roleNames: [ROLE.readOnly] },
    { username: 'erin', roleNames: [ROLE.readOnly] },
    { username: 'frank', roleNames: [ROLE.readOnly], mfaEnforced: true },
    { username: 'gina', roleNames: [ROLE.readOnly] },
    { username: 'grace', roleNames: [ROLE.readOnly] },
    { username: 'linus', roleNames: [ROLE.readOnly] },
    { username: 'hal', roleNames: [ROLE.readOnly] },
    { username: 'reader', roleNames: [ROLE.readOnly] },
  ]);
  await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
});
afterAll(() => t.close());

describe('TOTP enrolment', () => {
  it('shows the same secret again when the session that started an enrolment starts it again (a reload), a fresh one elsewhere', async () => {
    const visitor = await signedInUser(t, 'grace');
    const first = totpEnrolmentResponse.parse((await visitor.post(BEGIN)).json()).enrolment.secret;
    const reloaded = totpEnrolmentResponse.parse((await visitor.post(BEGIN)).json()).enrolment.secret;
    expect(reloaded).toBe(first);
    // The app scanned the first one: its code still confirms.
    await awayFromStepEdge();
    expect((await visitor.post(CONFIRM, { otp: oathtoolCode(first) })).statusCode).toBe(200);

    const other = await signedInUser(t, 'linus');
    const mine = totpEnrolmentResponse.parse((await other.post(BEGIN)).json()).enrolment.secret;
    const elsewhere = await signedInUser(t, 'linus');
    expect(totpEnrolmentResponse.parse((await elsewhere.post(BEGIN)).json()).enrolment.secret).not.toBe(mine);
  });

  it('gives the secret once with a server-rendered QR code, confirms with an oathtool code, issues ten recovery codes', async () => {
    const visitor = await signedInUser(t, 'ada');
    expect(mfaStatusResponse.parse((await visitor.get(MFA)).json()).mfa).toEqual({
      totp: { enabled: false, confirmed_at: null },
      recovery_codes_remaining: 0,
    });
    const { enrolment } = totpEnrolmentResponse.parse((await visitor.post(BEGIN)).json());
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(enrolment.otpauth_url).toBe(`otpauth://totp/Keydeck:ada?issuer=Keydeck&secret=${enrolment.secret}&algorithm=SHA1&digits=6&period=30`);

    const wrong = await visitor.post(CONFIRM, { otp: '000000' === oathtoolCode(enrolment.secret) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.otp).toEqual([Messages.otpInvalid]);

    await awayFromStepEdge();
    const res = await visitor.post(CONFIRM, { otp: oathtoolCode(enrolment.secret) });
    expect(res.statusCode).toBe(200);
    const confirmed = totpConfirmResponse.parse(res.json());
    expect(confirmed.auth_info.mfa_enabled).toBe(true);
    expect(confirmed.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.recovery_codes).size).toBe(10);

    const status = await visitor.get(MFA);
    expect(status.json().mfa).toMatchObject({ totp: { enabled: true }, recovery_codes_remaining: 10 });
    expect(JSON.stringify(status.json())).not.toContain(enrolment.secret);
    const again = await visitor.post(BEGIN);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(Messages.totpAlreadyEnabled);

    // The secret is stored sealed, only hashes of the recovery codes are kept, and no audit row carries a secret.
    const [sealed] = await query<{ secret: string }>(sql`select secret from user_totp where user_id = ${acme.userIds.ada}`);
    expect(sealed!.secret).toMatch(/^v1\./);
    expect(sealed!.secret).not.toContain(enrolment.secret);
    const stored = await query<{ code_hash: string }>(sql`select code_hash from recovery_codes where user_id = ${acme.userIds.ada}`);
    expect(stored.map((r) => r.code_hash)).not.toContain(confirmed.recovery_codes[0]);
    const audit = await query(sql`select * from audit_events where action like 'mfa.%'`);
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audit)).not.toContain(enrolment.secret);
  });

  it('is for fully signed-in users only', async () => {
    expect((await new Visitor(t.app).get(MFA)).statusCode).toBe(401);
    const partial = await partiallySignedIn('ada');
    expect((await partial.post(BEGIN)).statusCode).toBe(401);
  });
});

describe('TOTP sign-in step', () => {
  it('gives no access until the code, then completes with an oathtool code under a new session id', async () => {
    const { secret } = await enrol('bob');
    await forgetLastStep('bob');
    const visitor = await partiallySignedIn('bob');
    const partialId = visitor.cookies.get(SESSION_COOKIE)!;
    expect((await visitor.get(USERS)).statusCode).toBe(401);
    expect((await visitor.get(MFA)).statusCode).toBe(401);

    await awayFromStepEdge();
    const res = await visitor.post(COMPLETE, { otp: oathtoolCode(secret) });
    expect(res.statusCode).toBe(200);
    expect(authInfoResponse.parse(res.json()).auth_info).toMatchObject({ fully_logged_in: true, next_factor: null, mfa_enabled: true });
    expect(visitor.cookies.get(SESSION_COOKIE)).not.toBe(partialId);
    expect((await visitor.get(USERS)).statusCode).toBe(200);
    const stale = new Visitor(t.app);
    stale.cookies.set(SESSION_COOKIE, partialId);
    expect((await stale.get(`${API}/login`)).statusCode).toBe(401);
    // A fully signed-in session has no second-factor step to complete.
    expect((await visitor.post(COMPLETE, { otp: oathtoolCode(secret) })).statusCode).toBe(401);
  });

  it('accepts a code once: the same code (or the enrolment code) twice is refused', async () => {
    const { secret } = await enrol('carol');
    const first = await partiallySignedIn('carol');
    const replayOfEnrolment = await first.post(COMPLETE, { otp: oathtoolCode(secret) });
    expect(replayOfEnrolment.statusCode).toBe(401);
    expect(replayOfEnrolment.json().message).toBe(Messages.otpInvalid);

    const next = oathtoolCode(secret, 1);
    expect((await first.post(COMPLETE, { otp: next })).statusCode).toBe(200);
    const second = await partiallySignedIn('carol');
    expect((await second.post(COMPLETE, { otp: next })).statusCode).toBe(401);
  });

  it('accepts a code of the neighbouring steps and refuses one two steps away', async () => {
    const { secret } = await enrol('hal');
    for (const [offset, status] of [[-2, 401], [2, 401], [-1, 200], [1, 200]] as const) {
      await forgetLastStep('hal');
      const visitor = await partiallySignedIn('hal');
      await awayFromStepEdge();
      expect((await visitor.post(COMPLETE, { otp: oathtoolCode(secret, offset) })).statusCode, `offset ${offset}`).toBe(status);
    }
  });

  it('throttles wrong codes: the fifth ends the session and locks the step for a while, audited', async () => {
    const { secret } = await enrol('dave');
    await forgetLastStep('dave');
    const visitor = await partiallySignedIn('dave');
    const wrong = oathtoolCode(secret) === '123456' ? '654321' : '123456';
    for (let i = 0; i < 4; i++) {
      const res = await visitor.post(COMPLETE, { otp: wrong });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(Messages.otpInvalid);
    }
    const fifth = await visitor.post(COMPLETE, { otp: wrong });
    expect(fifth.json().message).toBe(Messages.otpTooManyFailures);
    expect((await visitor.get(`${API}/login`)).statusCode).toBe(401);

    const again = await partiallySignedIn('dave');
    await awayFromStepEdge();
    const locked = await again.post(COMPLETE, { otp: oathtoolCode(secret) });
    expect(locked.statusCode).toBe(401);
    expect(locked.json().message).toBe(Messages.otpTooManyFailures);
    const reasons = await query<{ reason: string }>(
      sql`select reason from audit_events where action = 'auth.totp_complete' and target = 'dave' order by id desc limit 2`,
    );
    expect(reasons.map((r) => r.reason)).toEqual(['otp_locked', 'otp_locked_now']);

    await query(sql`update user_totp set locked_until = now() - interval '1 second' where user_id = ${acme.userIds.dave}`);
    const unlocked = await partiallySignedIn('dave');
    expect((await unlocked.post(COMPLETE, { otp: oathtoolCode(secret) })).statusCode).toBe(200);
  });

  it('refuses a body with both or neither of otp and recovery_code', async () => {
    const visitor = await partiallySignedIn('bob');
    expect((await visitor.post(COMPLETE, {})).statusCode).toBe(400);
    expect((await visitor.post(COMPLETE, { otp: '123456', recovery_code: 'AAAA-BBBB-CCCC-DDDD' })).statusCode).toBe(400);
    expect((await visitor.post(COMPLETE, { otp: '12345' })).json().errors.otp).toBeDefined();
  });
});

describe('recovery codes', () => {
  it('complete the sign-in step once each, audited; regenerating needs the password and replaces them all', async () => {
    const { recoveryCodes } = await enrol('erin');
    const visitor = await partiallySignedIn('erin');
    const res = await visitor.post(COMPLETE, { recovery_code: recoveryCodes[0] });
    expect(res.statusCode).toBe(200);
    expect(res.json().auth_info.fully_logged_in).toBe(true);
    const [used] = await query<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'mfa.recovery_code_used' and actor_user_id = ${acme.userIds.erin}`,
    );
    expect(used!.n).toBe(1);
    const mail = await smtp.waitFor('erin@example.test');
    expect(mail.raw).toContain('Subject: A Keydeck recovery code was used');
    expect(mail.raw).not.toContain(recoveryCodes[0]);

    const reuse = await (await partiallySignedIn('erin')).post(COMPLETE, { recovery_code: recoveryCodes[0] });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe(Messages.recoveryCodeInvalid);
    const typed = await (await partiallySignedIn('erin')).post(COMPLETE, { recovery_code: recoveryCodes[1]!.toLowerCase().replace(/-/g, ' ') });
    expect(typed.statusCode).toBe(200);
    expect((await visitor.get(MFA)).json().mfa.recovery_codes_remaining).toBe(8);

    const wrongPassword = await visitor.post(RECOVERY, { password: 'not-my-password' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors.password).toEqual([Messages.passwordIncorrect]);
    const regenerated = recoveryCodesResponse.parse((await visitor.post(RECOVERY, { password: PASSWORD })).json()).recovery_codes;
    expect(regenerated).toHaveLength(10);
    expect((await (await partiallySignedIn('erin')).post(COMPLETE, { recovery_code: recoveryCodes[2] })).statusCode).toBe(401);
    expect((await (await partiallySignedIn('erin')).post(COMPLETE, { recovery_code: regenerated[0] })).statusCode).toBe(200);
  });
});

describe('disabling TOTP', () => {
  it('needs the password; afterwards the password alone signs in', async () => {
    const { visitor } = await enrol('gina');
    const refused = await visitor.call({ method: 'DELETE', url: `${API}/totp`, payload: { password: 'wrong' } });
    expect(refused.statusCode).toBe(400);
    const res = await visitor.call({ method: 'DELETE', url: `${API}/totp`, payload: { password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().mfa.totp.enabled).toBe(false);
    const again = new Visitor(t.app);
    expect((await again.signIn('gina', PASSWORD)).json().auth_info).toMatchObject({ fully_logged_in: true, mfa_enabled: false });
  });
});

describe('forced MFA', () => {
  it('refuses every other API call until a factor is enrolled, audited; enrolment, session and sign-out stay open', async () => {
    const visitor = await signedInUser(t, 'frank');
    expect((await visitor.get(`${API}/login`)).json().auth_info).toMatchObject({
      fully_logged_in: true,
      mfa_enabled: false,
      user: { mfa_enforced: true },
    });
    const refused = await visitor.get(USERS);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: Messages.mfaSetupRequired, error: ErrorCode.mfaSetupRequired });
    const [audited] = await query<{ n: number }>(
      sql`select count(*)::int as n from audit_events where reason = 'mfa_setup_required' and actor_user_id = ${acme.userIds.frank}`,
    );
    expect(audited!.n).toBe(1);
    expect((await visitor.post(RECOVERY, { password: PASSWORD })).statusCode).toBe(403);

    expect((await visitor.get(MFA)).statusCode).toBe(200);
    const { enrolment } = totpEnrolmentResponse.parse((await visitor.post(BEGIN)).json());
    await awayFromStepEdge();
    expect((await visitor.post(CONFIRM, { otp: oathtoolCode(enrolment.secret) })).json().auth_info.mfa_enabled).toBe(true);
    expect((await visitor.get(USERS)).statusCode).toBe(200);
    expect((await visitor.post(`${API}/logout`)).statusCode).toBe(200);
  });
});

describe('administrators reset MFA', () => {
  it('removes a user factor within the account, audited; another account answers 404, a reader 403', async () => {
    const { secret } = await enrol('reader');
    const admin = await signedInUser(t, 'acme-admin');
    const readerSession = await partiallySignedIn('reader');

    const res = await admin.post(reset(acme.userIds.reader!), {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user_id: acme.userIds.reader, reset: true });
    // The partial session waiting for a code of the removed factor is over.
    expect((await readerSession.get(`${API}/login`)).statusCode).toBe(401);
    expect((await readerSession.post(COMPLETE, { otp: oathtoolCode(secret) })).statusCode).not.toBe(200);
    expect((await new Visitor(t.app).signIn('reader', PASSWORD)).json().auth_info.fully_logged_in).toBe(true);
    const [event] = await query<{ target_name: string; outcome: string }>(
      sql`select target_name, outcome from audit_events where action = 'users.reset_mfa' order by id desc limit 1`,
    );
    expect(event).toEqual({ target_name: 'reader', outcome: 'success' });

    const globex = await signedInUser(t, 'globex-admin');
    expect((await globex.post(reset(acme.userIds.ada!), {})).statusCode).toBe(404);
    expect((await globex.post(reset(acme.userIds.ada!), { account_id: acme.accountId })).statusCode).toBe(404);
    expect((await admin.post(reset('00000000-0000-4000-8000-000000000000'), {})).statusCode).toBe(404);
    expect((await (await signedInUser(t, 'gina')).post(reset(acme.userIds.ada!), {})).statusCode).toBe(403);
  });
});
