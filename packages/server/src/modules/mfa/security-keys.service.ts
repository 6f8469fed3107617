import { decodeCBOR, encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';
import type { SecurityKey, SecurityKeyRegistrationOptions, SecurityKeyRegistrationRequest } from '@keydeck/contract/security-keys';
import { Messages } from '@keydeck/contract/messages';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Db, Tx } from '../../db/database.ts';
import { badRequest, notFound, refused, unauthorized } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import * as mfa from './mfa.service.ts';
import * as mfaRepo from './mfa.repository.ts';
import * as repo from './security-keys.repository.ts';

/** A challenge is answerable for five minutes, the time the browser is told to wait for the key. */
const CHALLENGE_TTL_SECONDS = 300;
/** Failed answers at the sign-in step before the keys lock and the partial session ends (as for TOTP codes). */
const MAX_KEY_FAILURES = 5;
const RP_NAME = 'Keydeck';

/** The relying party is the console itself: its origin and that origin's host name as the RP ID. */
export type RelyingParty = { origin: string; rpId: string };
export type KeyAttempt = { allowed: boolean; lockedNow: boolean; challenge: string | undefined };

const toBase64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromBase64url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

export async function listKeys(tx: Tx, userId: string): Promise<SecurityKey[]> {
  return (await repo.listKeys(tx, userId)).map(toWire);
}

/** Registration options for the browser; excludes the user's registered keys so one key is not added twice. */
export async function beginRegistration(tx: Tx, user: Principal, rp: RelyingParty): Promise<SecurityKeyRegistrationOptions> {
  await repo.purgeExpiredChallenges(tx);
  const existing = await repo.credentialsOf(tx, user.userId);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpId,
    userName: user.username,
    userDisplayName: user.name || user.username,
    userID: new Uint8Array(Buffer.from(user.userId.replace(/-/g, ''), 'hex')),
    timeout: CHALLENGE_TTL_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: knownTransports(key.transports) })),
    authenticatorSelection: { residentKey: 'discouraged', userVerification: 'preferred' },
  });
  await saveChallenge(tx, user, 'register', options.challenge);
  return options;
}

/**
 * Takes the session's pending challenge in a committed transaction of its own, so it is spent even when
 * the answer is refused (and the request's transaction rolls back).
 */
export function takeChallenge(db: Db, sessionHash: string, purpose: repo.ChallengePurpose): Promise<string | undefined> {
  return inScope(db, SYSTEM_SCOPE, (tx) => repo.takeChallenge(tx, sessionHash, purpose));
}

/**
 * Verifies the attestation against the challenge, origin and RP ID and stores the key. The first factor
 * of a user also issues recovery codes (returned once); otherwise the list is empty.
 */
export async function completeRegistration(
  tx: Tx,
  user: Principal,
  rp: RelyingParty,
  challenge: string | undefined,
  body: SecurityKeyRegistrationRequest,
): Promise<{ key: SecurityKey; recoveryCodes: string[] }> {
  const name = body.name.trim();
  await assertNameFree(tx, user.userId, name);
  if (!challenge) throw refused('challenge_missing', Messages.securityKeyChallengeMissing);
  const notRegistered = () => refused('attestation_invalid', Messages.securityKeyNotRegistered);
  const verification = await verifyRegistrationResponse({
    response: {
      ...body.credential,
      type: 'public-key',
      clientExtensionResults: {},
      response: { ...body.credential.response, transports: knownTransports(body.credential.response.transports) },
    },
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpId,
    requireUserVerification: false,
  }).catch(() => {
    throw notRegistered();
  });
  if (!verification.verified) throw notRegistered();
  const { credential } = verification.registrationInfo;
  const key = await repo.insertKey(tx, {
    accountId: user.account.id,
    userId: user.userId,
    name,
    credentialId: credential.id,
    publicKey: toBase64url(credential.publicKey),
    signCount: credential.counter,
    transports: credential.transports ?? knownTransports(body.credential.response.transports),
  });
  const hasCodes = (await mfaRepo.countUnusedRecoveryCodes(tx, user.userId)) > 0;
  return { key: toWire(key), recoveryCodes: hasCodes ? [] : await mfa.issueRecoveryCodes(tx, user) };
}

export async function renameKey(tx: Tx, user: Principal, keyId: string, name: string): Promise<SecurityKey> {
  const trimmed = name.trim();
  await assertNameFree(tx, user.userId, trimmed, keyId);
  const key = await repo.renameKey(tx, user.userId, keyId, trimmed);
  if (!key) throw notFound();
  return toWire(key);
}

/** A key's name while it exists, for the audit event of its removal. */
export async function keyName(tx: Tx, userId: string, keyId: string): Promise<string | undefined> {
  return (await repo.listKeys(tx, userId)).find((key) => key.id === keyId)?.name;
}

/** Removes one key, with the password again; the last factor going takes the recovery codes with it. */
export async function removeKey(tx: Tx, user: Principal, keyId: string, password: string): Promise<void> {
  await mfa.assertPassword(tx, user, password);
  const removed = await repo.deleteKey(tx, user.userId, keyId);
  if (!removed) throw notFound();
  if ((await repo.countKeys(tx, user.userId)) === 0 && !(await mfaRepo.findTotp(tx, user.userId))?.confirmedAt) {
    await mfaRepo.deleteTotp(tx, user.userId);
  }
}

/**
 * Spec §7 u2f/authenticate/begin: a PublicKeyCredentialRequestOptions for the user's keys, CBOR-encoded
 * and hex-encoded, its challenge kept for this session.
 */
export async function beginAuthentication(tx: Tx, session: Principal, rp: RelyingParty): Promise<string> {
  await repo.purgeExpiredChallenges(tx);
  const keys = await repo.credentialsOf(tx, session.userId);
  if (keys.length === 0) throw unauthorized('no_security_keys', Messages.securityKeyUnknown);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    allowCredentials: keys.map((key) => ({ id: key.credentialId, transports: knownTransports(key.transports) })),
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_SECONDS * 1000,
  });
  await saveChallenge(tx, session, 'authenticate', options.challenge);
  const request = new Map<string, CBORType>([
    ['challenge', fromBase64url(options.challenge)],
    ['rpId', rp.rpId],
    ['allowCredentials', keys.map((key) => new Map<string, CBORType>([['type', 'public-key'], ['id', fromBase64url(key.credentialId)]]))],
    ['timeout', CHALLENGE_TTL_SECONDS * 1000],
    ['userVerification', 'preferred'],
  ]);
  return Buffer.from(encodeCBOR(request)).toString('hex');
}

/**
 * Counts a sign-in answer and takes the session's challenge, both committed before the answer is checked,
 * so neither the count nor the spent challenge is undone by a refusal. When the count reaches the limit
 * the partial session ends there and then.
 */
export function reserveAttempt(
  db: Db,
  session: { userId: string; accountId: string; sessionHash: string },
  lockSeconds: number,
  endSession: (tx: Tx) => Promise<void>,
  takeChallengeToo = true,
): Promise<KeyAttempt> {
  return inScope(db, SYSTEM_SCOPE, async (tx) => {
    const attempt = await repo.reserveAttempt(tx, session, MAX_KEY_FAILURES, lockSeconds);
    const challenge = takeChallengeToo ? await repo.takeChallenge(tx, session.sessionHash, 'authenticate') : undefined;
    if (!attempt.allowed || attempt.lockedNow) await endSession(tx);
    return { ...attempt, challenge };
  });
}

/**
 * The WebAuthn relying-party checks of an assertion: a live challenge of this session, a key of this user,
 * type webauthn.get, origin, rpIdHash, user presence and the signature (by @simplewebauthn/server), then a
 * counter that moved forward (when either counter is non-zero).
 */
export async function completeAuthentication(
  tx: Tx,
  session: Principal,
  rp: RelyingParty,
  challenge: string | undefined,
  u2fData: string,
): Promise<void> {
  const answer = decodeAnswer(u2fData);
  if (!challenge) throw unauthorized('challenge_missing', Messages.securityKeyChallengeMissing);
  const credentialId = toBase64url(answer.credentialId);
  const key = (await repo.credentialsOf(tx, session.userId)).find((candidate) => candidate.credentialId === credentialId);
  if (!key) throw unauthorized('unknown_credential', Messages.securityKeyUnknown);
  const verification = await verifyAuthenticationResponse({
    response: {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      response: {
        authenticatorData: toBase64url(answer.authenticatorData),
        clientDataJSON: toBase64url(answer.clientDataJSON),
        signature: toBase64url(answer.signature),
      },
      clientExtensionResults: {},
    },
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpId,
    expectedType: 'webauthn.get',
    // The stored counter is compared below, after the signature, for a message of its own.
    credential: { id: key.credentialId, publicKey: fromBase64url(key.publicKey), counter: 0 },
    requireUserVerification: false,
  }).catch(() => {
    throw unauthorized('assertion_invalid', Messages.securityKeyNotVerified);
  });
  if (!verification.verified) throw unauthorized('assertion_invalid', Messages.securityKeyNotVerified);
  const { newCounter } = verification.authenticationInfo;
  const regressed = (newCounter > 0 || key.signCount > 0) && newCounter <= key.signCount;
  if (regressed || !(await repo.recordUse(tx, key.id, key.signCount, newCounter))) {
    throw unauthorized('counter_regressed', Messages.securityKeyCounterRegressed);
  }
  await repo.clearFailures(tx, session.userId);
}

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
type Transport = (typeof TRANSPORTS)[number];
const knownTransports = (transports: string[] = []) =>
  transports.filter((transport): transport is Transport => (TRANSPORTS as readonly string[]).includes(transport));

type Answer = { credentialId: Uint8Array; authenticatorData: Uint8Array; clientDataJSON: Uint8Array; signature: Uint8Array };
const ANSWER_FIELDS = ['credentialId', 'authenticatorData', 'clientDataJSON', 'signature'] as const;

function decodeAnswer(hex: string): Answer {
  const unreadable = () => badRequest({ u2f_data: [Messages.securityKeyDataInvalid] }, Messages.securityKeyDataInvalid);
  let decoded: CBORType;
  try {
    decoded = decodeCBOR(new Uint8Array(Buffer.from(hex, 'hex')));
  } catch {
    throw unreadable();
  }
  if (!(decoded instanceof Map)) throw unreadable();
  const answer: Partial<Answer> = {};
  for (const field of ANSWER_FIELDS) {
    const value = decoded.get(field);
    if (!(value instanceof Uint8Array) || value.length === 0) throw unreadable();
    answer[field] = value;
  }
  return answer as Answer;
}

async function saveChallenge(tx: Tx, user: Principal, purpose: repo.ChallengePurpose, challenge: string) {
  await repo.saveChallenge(
    tx,
    { accountId: user.account.id, userId: user.userId, sessionHash: user.sessionHash, purpose, challenge },
    CHALLENGE_TTL_SECONDS,
  );
}

async function assertNameFree(tx: Tx, userId: string, name: string, exceptKeyId?: string) {
  const taken = (await repo.listKeys(tx, userId)).some((key) => key.id !== exceptKeyId && key.name.toLowerCase() === name.toLowerCase());
  if (taken) throw badRequest({ name: [Messages.securityKeyNameTaken] }, Messages.securityKeyNameTaken);
}

function toWire(key: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }): SecurityKey {
  return { id: key.id, name: key.name, created_at: key.createdAt.toISOString(), last_used_at: key.lastUsedAt?.toISOString() ?? null };
}
