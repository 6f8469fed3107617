import type { MfaStatus, TotpEnrolment } from '@keydeck/contract/mfa';
import { Messages } from '@keydeck/contract/messages';
import QRCode from 'qrcode';
import type { Db, Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import type { Mail } from '../../platform/mailer.ts';
import type { Principal } from '../../platform/principal.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import * as auth from '../auth/auth.service.ts';
import * as repo from './mfa.repository.ts';
import * as keysRepo from './security-keys.repository.ts';
import { RECOVERY_CODE_COUNT, hashRecoveryCode, matchingStep, newRecoveryCode, newTotpSecret, otpauthUrl } from './totp.ts';
import { assertMayActOn } from '../users/users.service.ts';

/** Wrong codes allowed at the sign-in step before the factor locks and the partial session ends. */
export const MAX_OTP_FAILURES = 5;

export type OtpAttempt = { allowed: boolean; lockedNow: boolean };

/** TOTP secrets are stored sealed (AES-256-GCM), bound to their user: a database dump alone yields no codes. */
const secretContext = (userId: string) => `totp:${userId}`;

export async function statusOf(tx: Tx, userId: string): Promise<MfaStatus> {
  const totp = await repo.findTotp(tx, userId);
  const confirmedAt = totp?.confirmedAt ?? null;
  return {
    totp: { enabled: confirmedAt !== null, confirmed_at: confirmedAt?.toISOString() ?? null },
    // Recovery codes exist only while a factor (app or security key) does.
    recovery_codes_remaining: await repo.countUnusedRecoveryCodes(tx, userId),
  };
}

/**
 * Starts enrolling an authenticator app: a secret answered as text and a server-rendered QR code. The session
 * that started the enrolment gets the same secret again until a first code confirms it (a reload of the setup
 * page must not invalidate the app that already scanned it); any other session starts with a fresh one.
 */
export async function beginEnrolment(tx: Tx, box: SecretBox, user: Principal): Promise<TotpEnrolment> {
  const pending = await repo.findTotp(tx, user.userId);
  if (pending?.confirmedAt) throw conflict('totp_already_enabled', Messages.totpAlreadyEnabled);
  const secret =
    pending && pending.enrollingSessionHash === user.sessionHash ? box.open(pending.secret, secretContext(user.userId)) : newTotpSecret();
  const sealed = box.seal(secret, secretContext(user.userId));
  const row = { userId: user.userId, accountId: user.account.id, secret: sealed, enrollingSessionHash: user.sessionHash };
  if (!(await repo.savePendingTotp(tx, row))) throw conflict('totp_already_enabled', Messages.totpAlreadyEnabled);
  const url = otpauthUrl(secret, user.username);
  return { secret, otpauth_url: url, qr_code: await QRCode.toDataURL(url, { margin: 1, width: 220, errorCorrectionLevel: 'M' }) };
}

/** The first code proves the app holds the secret: the factor is on, and ten recovery codes are issued. */
export async function confirmEnrolment(tx: Tx, box: SecretBox, user: Principal, otp: string): Promise<string[]> {
  const totp = await repo.findTotp(tx, user.userId);
  if (totp?.confirmedAt) throw conflict('totp_already_enabled', Messages.totpAlreadyEnabled);
  if (!totp) throw conflict('totp_not_pending', Messages.totpEnrolmentMissing);
  const step = matchingStep(box.open(totp.secret, secretContext(user.userId)), otp);
  if (step === null) throw badRequest({ otp: [Messages.otpInvalid] }, Messages.otpInvalid);
  await repo.confirmTotp(tx, user.userId, step);
  return issueRecoveryCodes(tx, user);
}

/** Turns the authenticator app off, and with it the recovery codes unless security keys remain; needs the password again. */
export async function disableTotp(tx: Tx, user: Principal, password: string): Promise<void> {
  await assertPassword(tx, user, password);
  if (!(await repo.findTotp(tx, user.userId))?.confirmedAt) {
    throw conflict('totp_not_enabled', Messages.totpNotEnabled);
  }
  if ((await keysRepo.countKeys(tx, user.userId)) > 0) await repo.deleteTotpOnly(tx, user.userId);
  else await repo.deleteTotp(tx, user.userId);
}

/** New recovery codes replace every earlier one; needs the password again. */
export async function regenerateRecoveryCodes(tx: Tx, user: Principal, password: string): Promise<string[]> {
  await assertPassword(tx, user, password);
  const hasFactor = (await repo.findTotp(tx, user.userId))?.confirmedAt || (await keysRepo.countKeys(tx, user.userId)) > 0;
  if (!hasFactor) throw conflict('totp_not_enabled', Messages.totpNotEnabled);
  return issueRecoveryCodes(tx, user);
}

/**
 * Counts an attempt at the sign-in step in a committed transaction of its own, before the code is checked,
 * so the count survives the refusal. When the count reaches the limit the partial session ends there and
 * then: a right code still completes (with a new session), a wrong one leaves the caller to sign in again.
 */
export function reserveOtpAttempt(
  db: Db,
  session: { userId: string; sessionHash: string },
  lockSeconds: number,
  endSession: (tx: Tx) => Promise<void>,
): Promise<OtpAttempt> {
  return inScope(db, SYSTEM_SCOPE, async (tx) => {
    const attempt = await repo.reserveAttempt(tx, session.userId, MAX_OTP_FAILURES, lockSeconds);
    if (!attempt.allowed || attempt.lockedNow) await endSession(tx);
    return attempt;
  });
}

/** Checks a sign-in code and spends its time step; false for a wrong, stale or already used code. */
export async function completeWithOtp(tx: Tx, box: SecretBox, userId: string, otp: string): Promise<boolean> {
  const totp = await repo.findTotp(tx, userId);
  if (!totp?.confirmedAt) return false;
  const step = matchingStep(box.open(totp.secret, secretContext(userId)), otp);
  return step !== null && repo.useStep(tx, userId, step);
}

/** Spends one recovery code in place of the app's code; false when it is not one of the unused ones. */
export async function completeWithRecoveryCode(tx: Tx, userId: string, code: string): Promise<boolean> {
  const used = await repo.useRecoveryCode(tx, userId, hashRecoveryCode(code));
  if (used) {
    await repo.clearFailures(tx, userId);
    await keysRepo.clearFailures(tx, userId);
  }
  return used;
}

/** Tells the user a recovery code was spent: if it was not them, their password and a code have leaked. */
export async function recoveryCodeUsedMail(tx: Tx, user: { userId: string; username: string; email: string }): Promise<Mail> {
  const left = await repo.countUnusedRecoveryCodes(tx, user.userId);
  return {
    to: user.email,
    subject: 'A Keydeck recovery code was used',
    text: [
      'Hello,',
      '',
      `a recovery code of the Keydeck user ${user.username} was just used to sign in in place of a second factor.`,
      `${left} unused recovery ${left === 1 ? 'code is' : 'codes are'} left; you can make new ones under Settings › Sign-in & MFA.`,
      '',
      'If this was not you, change your password and tell your company administrator at once.',
    ].join('\n'),
  };
}

/** An administrator removes a user's factors (a lost phone); the user enrols again at their next sign-in. */
/** A user's name, for the audit trail; row-level security keeps it within the caller's reach. */
export const usernameOf = (tx: Tx, userId: string) => repo.findUsername(tx, userId);

export async function resetUserMfa(tx: Tx, caller: Principal, accountId: string, userId: string): Promise<{ username: string }> {
  const user = await repo.findUserInAccount(tx, accountId, userId);
  if (!user) throw notFound();
  await assertMayActOn(tx, caller, [userId]);
  await repo.deleteTotp(tx, userId);
  await keysRepo.deleteAllKeys(tx, userId);
  await repo.deletePartialSessions(tx, userId);
  return user;
}

export async function issueRecoveryCodes(tx: Tx, user: Principal): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(tx, { userId: user.userId, accountId: user.account.id }, codes.map(hashRecoveryCode));
  return codes;
}

/** The signed-in user's password, entered again (routes guard it with passwordReentryThrottle). */
export async function assertPassword(tx: Tx, user: Principal, password: string): Promise<void> {
  if (!(await verifyPassword(await repo.passwordHashOf(tx, user.userId), password))) {
    throw badRequest({ password: [Messages.passwordIncorrect] }, Messages.passwordIncorrect);
  }
  await auth.passwordConfirmed(tx, user.username);
}
