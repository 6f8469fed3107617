import { authInfoResponse } from '@keydeck/contract/auth';
import { SESSION_COOKIE } from '@keydeck/contract/http';
import { mfaStatusResponse } from '@keydeck/contract/mfa';
import { Messages } from '@keydeck/contract/messages';
import {
  securityKeyRegistrationBeginResponse,
  securityKeyRegistrationResponse,
  securityKeysResponse,
  u2fBeginResponse,
} from '@keydeck/contract/security-keys';
import { decodeCBOR, type CBORType } from '@levischuck/tiny-cbor';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount, type SeededAccount } from '../../../test/fixtures.ts';
import { SoftAuthenticator } from '../../../test/soft-authenticator.ts';
import { Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

const API = '/rest/api/v1';
const KEYS = `${API}/security-keys`;
const REGISTER_BEGIN = `${KEYS}/register/begin`;
const REGISTER_COMPLETE = `${KEYS}/register/complete`;
const U2F_BEGIN = `${API}/u2f/authenticate/begin`;
const U2F_COMPLETE = `${API}/u2f/authenticate/complete`;
const TOTP_COMPLETE = `${API}/totp/authenticate/complete`;
const USERS = `${API}/user/users`;
/** The console's address: the relying party's origin, and its host name the RP ID. */
const ORIGIN = 'http://console.keydeck.test:8080';
const RP_ID = 'console.keydeck.test';

let t: TestApp;
let acme: SeededAccount;
const query = <T = Record<string, unknown>>(q: SQL) => queryRows<T>(t.database.db, q);

async function signedIn(username: string) {
  const visitor = new Visitor(t.app);
  expect((await visitor.signIn(username, PASSWORD)).statusCode).toBe(200);
  return visitor;
}

/** Registers a new software authenticator for the user, from their own (fully signed-in) session. */
async function registerKey(visitor: Visitor, name: string) {
  const authenticator = new SoftAuthenticator();
  const { options } = securityKeyRegistrationBeginResponse.parse((await visitor.post(REGISTER_BEGIN)).json());
  const res = await visitor.post(REGISTER_COMPLETE, { name, credential: authenticator.create(options, ORIGIN) });
  expect(res.statusCode).toBe(201);
  return { authenticator, registered: securityKeyRegistrationResponse.parse(res.json()) };
}

/** Password only: the session owes its security key. */
async function partiallySignedIn(username: string) {
  const visitor = new Visitor(t.app);
  const res = await visitor.signIn(username, PASSWORD);
  expect(res.statusCode).toBe(200);
  expect(authInfoResponse.parse(res.json()).auth_info).toMatchObject({ fully_logged_in: false, next_factor: 'u2f' });
  return visitor;
}

/** Tests of one user start from a clean failure count, as a user's next sign-in after a success does. */
const forgetFailures = (userId: string) => query(sql`delete from security_key_throttle where user_id = ${userId}`);

async function beginU2f(visitor: Visitor) {
  const res = await visitor.post(U2F_BEGIN);
  expect(res.statusCode).toBe(200);
  return u2fBeginResponse.parse(res.json()).u2f_data;
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN });
  acme = await seedAccount(t.database.db, 'acme', [
    { username: 'ada', roleNames: [ROLE.readOnly] },
    { username: 'bob', roleNames: [ROLE.readOnly] },
    { username: 'carol', roleNames: [ROLE.readOnly] },
    { username: 'dave', roleNames: [ROLE.readOnly] },
    { username: 'erin', roleNames: [ROLE.readOnly] },
    { username: 'frank', roleNames: [ROLE.readOnly], mfaEnforced: true },
    { username: 'gina', roleNames: [ROLE.readOnly] },
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('security key registration', () => {
  it('registers named keys with real attestations, lists them without key material, issues recovery codes once', async () => {
    const visitor = await signedIn('ada');
    const begin = securityKeyRegistrationBeginResponse.parse((await visitor.post(REGISTER_BEGIN)).json());
    expect(begin.options.rp).toEqual({ id: RP_ID, name: 'Keydeck' });
    expect(begin.options.user.name).toBe('ada');

    const first = new SoftAuthenticator();
    const res = await visitor.post(REGISTER_COMPLETE, { name: 'Blue key', credential: first.create(begin.options, ORIGIN) });
    expect(res.statusCode).toBe(201);
    const registered = securityKeyRegistrationResponse.parse(res.json());
    expect(registered.security_key).toMatchObject({ name: 'Blue key', last_used_at: null });
    expect(registered.recovery_codes).toHaveLength(10);
    expect(registered.auth_info.mfa_enabled).toBe(true);

    // The challenge was single-use: the same attestation again is refused.
    const replay = await visitor.post(REGISTER_COMPLETE, { name: 'Blue again', credential: first.create(begin.options, ORIGIN) });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(Messages.securityKeyChallengeMissing);

    const second = await registerKey(visitor, 'Backup key');
    expect(second.registered.recovery_codes).toEqual([]);

    const list = securityKeysResponse.parse((await visitor.get(KEYS)).json());
    expect(list.data.map((key) => key.name)).toEqual(['Blue key', 'Backup key']);
    expect(JSON.stringify(list)).not.toContain(first.id);
    expect((await visitor.get(`${API}/mfa`)).json().mfa.recovery_codes_remaining).toBe(10);

    const audit = await query<{ action: string; outcome: string }>(
      sql`select action, outcome from audit_events where action like 'mfa.security_key%' and target in ('Blue key', 'Backup key', 'Blue again') order by id`,
    );
    expect(audit).toEqual([
      { action: 'mfa.security_key_register', outcome: 'success' },
      { action: 'mfa.security_key_register', outcome: 'refused' },
      { action: 'mfa.security_key_register', outcome: 'success' },
    ]);
  });

  it('refuses an attestation made for another origin, and a name the user already gave a key', async () => {
    const visitor = await signedIn('bob');
    const { options } = securityKeyRegistrationBeginResponse.parse((await visitor.post(REGISTER_BEGIN)).json());
    const elsewhere = await visitor.post(REGISTER_COMPLETE, { name: 'Key', credential: new SoftAuthenticator().create(options, 'http://evil.test') });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(Messages.securityKeyNotRegistered);

    await registerKey(visitor, 'Key');
    const { options: again } = securityKeyRegistrationBeginResponse.parse((await visitor.post(REGISTER_BEGIN)).json());
    const taken = await visitor.post(REGISTER_COMPLETE, { name: 'key', credential: new SoftAuthenticator().create(again, ORIGIN) });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors.name).toEqual([Messages.securityKeyNameTaken]);
  });

  it('renames, and removes with the password again; the last key takes the recovery codes with it', async () => {
    const visitor = await signedIn('carol');
    const { registered } = await registerKey(visitor, 'Old name');
    const keyUrl = `${KEYS}/${registered.security_key.id}`;
    const renamed = await visitor.call({ method: 'PATCH', url: keyUrl, payload: { name: 'New name' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().security_key.name).toBe('New name');

    const wrong = await visitor.call({ method: 'DELETE', url: keyUrl, payload: { password: 'not the password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.password).toEqual([Messages.passwordIncorrect]);
    const removed = await visitor.call({ method: 'DELETE', url: keyUrl, payload: { password: PASSWORD } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: [], total: 0 });
    const removals = await query(
      sql`select outcome, target, target_name from audit_events where action = 'mfa.security_key_remove' and target = ${registered.security_key.id} order by id`,
    );
    expect(removals).toEqual([
      { outcome: 'refused', target: registered.security_key.id, target_name: 'New name' },
      { outcome: 'success', target: registered.security_key.id, target_name: 'New name' },
    ]);
    expect(mfaStatusResponse.parse((await visitor.get(`${API}/mfa`)).json()).mfa.recovery_codes_remaining).toBe(0);

    const next = await new Visitor(t.app).signIn('carol', PASSWORD);
    expect(next.json().auth_info).toMatchObject({ fully_logged_in: true, next_factor: null, mfa_enabled: false });
  });

  it('is open during forced MFA set-up and satisfies it', async () => {
    const visitor = await signedIn('frank');
    expect((await visitor.get(USERS)).statusCode).toBe(403);
    const { registered } = await registerKey(visitor, 'Enforced key');
    expect(registered.auth_info.mfa_enabled).toBe(true);
    expect((await visitor.get(USERS)).statusCode).toBe(200);
  });
});

describe('u2f sign-in step', () => {
  let daveKey: SoftAuthenticator;
  beforeAll(async () => {
    daveKey = (await registerKey(await signedIn('dave'), 'Dave key')).authenticator;
  });
  beforeEach(() => forgetFailures(acme.userIds.dave!));

  it('answers a CBOR credential request and completes with a real assertion under a new session id', async () => {
    const visitor = await partiallySignedIn('dave');
    const partialId = visitor.cookies.get(SESSION_COOKIE)!;
    expect((await visitor.get(USERS)).statusCode).toBe(401);

    const u2fData = await beginU2f(visitor);
    expect(u2fData).toMatch(/^[0-9a-f]+$/);
    const request = decodeCBOR(new Uint8Array(Buffer.from(u2fData, 'hex'))) as Map<string, CBORType>;
    expect(request.get('rpId')).toBe(RP_ID);
    expect(request.get('userVerification')).toBe('preferred');
    expect(request.get('timeout')).toBe(300_000);
    expect((request.get('challenge') as Uint8Array).length).toBeGreaterThanOrEqual(16);
    const allowed = request.get('allowCredentials') as Map<string, CBORType>[];
    expect(allowed.map((c) => [c.get('type'), Buffer.from(c.get('id') as Uint8Array).toString('base64url')])).toEqual([['public-key', daveKey.id]]);

    const res = await visitor.post(U2F_COMPLETE, { u2f_data: daveKey.get(u2fData, ORIGIN) });
    expect(res.statusCode).toBe(200);
    expect(authInfoResponse.parse(res.json()).auth_info).toMatchObject({ fully_logged_in: true, next_factor: null, mfa_enabled: true });
    expect(visitor.cookies.get(SESSION_COOKIE)).not.toBe(partialId);
    expect((await visitor.get(USERS)).statusCode).toBe(200);
    const keys = securityKeysResponse.parse((await visitor.get(KEYS)).json());
    expect(keys.data[0]!.last_used_at).not.toBeNull();
    const audit = await query(sql`select outcome from audit_events where action = 'auth.u2f_complete' and target = 'dave'`);
    expect(audit).toEqual([{ outcome: 'success' }]);
  });

  it('refuses a replayed answer: its challenge is spent, and a new challenge does not match it', async () => {
    const first = await partiallySignedIn('dave');
    const answer = daveKey.get(await beginU2f(first), ORIGIN);
    expect((await first.post(U2F_COMPLETE, { u2f_data: answer })).statusCode).toBe(200);

    const second = await partiallySignedIn('dave');
    const noChallenge = await second.post(U2F_COMPLETE, { u2f_data: answer });
    expect(noChallenge.statusCode).toBe(401);
    expect(noChallenge.json().message).toBe(Messages.securityKeyChallengeMissing);
    await beginU2f(second);
    const otherChallenge = await second.post(U2F_COMPLETE, { u2f_data: answer });
    expect(otherChallenge.statusCode).toBe(401);
    expect(otherChallenge.json().message).toBe(Messages.securityKeyNotVerified);
  });

  it('refuses an answer for another origin, type or RP ID, each spending the challenge', async () => {
    const visitor = await partiallySignedIn('dave');
    for (const wrong of [
      (data: string) => daveKey.get(data, 'http://evil.test'),
      (data: string) => daveKey.get(data, ORIGIN, { type: 'webauthn.create' }),
      (data: string) => daveKey.get(data, ORIGIN, { rpId: 'evil.test' }),
    ]) {
      await forgetFailures(acme.userIds.dave!);
      const u2fData = await beginU2f(visitor);
      const refused = await visitor.post(U2F_COMPLETE, { u2f_data: wrong(u2fData) });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(Messages.securityKeyNotVerified);
      const sameChallenge = await visitor.post(U2F_COMPLETE, { u2f_data: daveKey.get(u2fData, ORIGIN) });
      expect(sameChallenge.json().message).toBe(Messages.securityKeyChallengeMissing);
    }
    const ok = await visitor.post(U2F_COMPLETE, { u2f_data: daveKey.get(await beginU2f(visitor), ORIGIN) });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an expired challenge and unreadable data', async () => {
    const visitor = await partiallySignedIn('dave');
    const u2fData = await beginU2f(visitor);
    await query(sql`update webauthn_challenges set expires_at = now() - interval '1 second' where user_id = ${acme.userIds.dave}`);
    const expired = await visitor.post(U2F_COMPLETE, { u2f_data: daveKey.get(u2fData, ORIGIN) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(Messages.securityKeyChallengeMissing);

    await beginU2f(visitor);
    const garbage = await visitor.post(U2F_COMPLETE, { u2f_data: 'a0' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().errors.u2f_data).toEqual([Messages.securityKeyDataInvalid]);
  });

  it('refuses a signature counter that went backwards', async () => {
    const visitor = await partiallySignedIn('dave');
    const [stored] = await query<{ sign_count: string }>(sql`select sign_count from security_keys where user_id = ${acme.userIds.dave}`);
    daveKey.counter = Number(stored!.sign_count) - 1;
    const refused = await visitor.post(U2F_COMPLETE, { u2f_data: daveKey.get(await beginU2f(visitor), ORIGIN) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(Messages.securityKeyCounterRegressed);
    daveKey.counter = Number(stored!.sign_count) + 5;
    expect((await visitor.post(U2F_COMPLETE, { u2f_data: daveKey.get(await beginU2f(visitor), ORIGIN) })).statusCode).toBe(200);
  });

  it("refuses someone else's security key", async () => {
    const erinKey = (await registerKey(await signedIn('erin'), 'Erin key')).authenticator;
    const visitor = await partiallySignedIn('dave');
    const refused = await visitor.post(U2F_COMPLETE, { u2f_data: erinKey.get(await beginU2f(visitor), ORIGIN) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(Messages.securityKeyUnknown);
  });

  it('throttles failed answers: the fifth ends the session and locks the keys; a recovery code still works', async () => {
    const { authenticator, registered } = await registerKey(await signedIn('gina'), 'Gina key');
    const visitor = await partiallySignedIn('gina');
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const res = await visitor.post(U2F_COMPLETE, { u2f_data: authenticator.get(await beginU2f(visitor), 'http://evil.test') });
      answers.push([res.statusCode, res.json().message]);
    }
    expect(answers.slice(0, 4)).toEqual(Array(4).fill([401, Messages.securityKeyNotVerified]));
    expect(answers[4]).toEqual([401, Messages.securityKeyTooManyFailures]);
    expect((await visitor.get(`${API}/login`)).statusCode).toBe(401);

    const again = await partiallySignedIn('gina');
    const locked = await again.post(U2F_COMPLETE, { u2f_data: authenticator.get(await beginU2f(again), ORIGIN) });
    expect(locked.statusCode).toBe(401);
    expect(locked.json().message).toBe(Messages.securityKeyTooManyFailures);
    const reasons = await query<{ reason: string }>(
      sql`select reason from audit_events where action = 'auth.u2f_complete' and target = 'gina' and outcome = 'refused' order by id`,
    );
    expect(reasons.map((r) => r.reason).slice(-2)).toEqual(['u2f_locked_now', 'u2f_locked']);

    await query(sql`update security_key_throttle set locked_until = now() - interval '1 second' where user_id = ${acme.userIds.gina}`);
    const recovered = await partiallySignedIn('gina');
    const res = await recovered.post(TOTP_COMPLETE, { recovery_code: registered.recovery_codes[0] });
    expect(res.statusCode).toBe(200);
    expect(res.json().auth_info.fully_logged_in).toBe(true);
  });
});
