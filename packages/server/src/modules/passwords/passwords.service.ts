import { createHash, randomBytes } from 'node:crypto';
import { Messages } from '@keydeck/contract/messages';
import { passwordProblem, type PasswordChangeRequest, type PasswordResetRequest } from '@keydeck/contract/passwords';
import type { Tx } from '../../db/database.ts';
import { badRequest, forbidden, invalidLink, refused } from '../../platform/errors.ts';
import type { Mail } from '../../platform/mailer.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { Principal } from '../../platform/principal.ts';
import * as auth from '../auth/auth.service.ts';
import { INVITE_HOURS, RESET_LINKS_PER_USER, RESET_MINUTES, inviteMail, resetMail } from './passwords.mails.ts';
import * as repo from './passwords.repository.ts';

const RESET_VALID_SECONDS = RESET_MINUTES * 60;
const INVITE_VALID_SECONDS = INVITE_HOURS * 60 * 60;

/** Only the token's hash is stored: a copy of the database opens no link. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
};

/**
 * Starts a password reset. The caller learns nothing: an unknown, disabled or matching user all get the
 * same answer after comparable work (a token made and hashed, one statement on the token table).
 * Returns the mail to send once committed, or null.
 */
/** The enabled user a reset request names, if any. */
export async function resetRequester(tx: Tx, input: PasswordResetRequest) {
  const user = await repo.findUserInAccount(tx, input.username, input.account_code);
  return user && !user.disabled ? user : undefined;
}

export async function requestReset(tx: Tx, input: PasswordResetRequest, publicUrl: string) {
  const user = await repo.findUserInAccount(tx, input.username, input.account_code);
  const { token, tokenHash } = newToken();
  if (!user || user.disabled) {
    await repo.touchTokens(tx, tokenHash);
    return { user: null, mail: null, throttled: false };
  }
  // A new link leaves the earlier ones working until they expire or one is used: requests by someone else must
  // not void the link the user is about to open. Counted under the user's row lock, so parallel requests wait.
  if ((await repo.liveResetLinks(tx, user.id)) >= RESET_LINKS_PER_USER) return { user, mail: null, throttled: true };
  await repo.insertToken(tx, { tokenHash, accountId: user.accountId, userId: user.id, purpose: 'reset', validSeconds: RESET_VALID_SECONDS });
  return { user, mail: resetMail(user, `${publicUrl}/forgot/reset?token=${token}`), throttled: false };
}

/** Issues an invitation link for a new user and answers its mail. */
export async function inviteMailFor(
  tx: Tx,
  user: { id: string; username: string; email: string },
  context: { accountId: string; accountName: string; inviter: string; publicUrl: string },
): Promise<Mail> {
  const { token, tokenHash } = newToken();
  await repo.insertToken(tx, { tokenHash, accountId: context.accountId, userId: user.id, purpose: 'invite', validSeconds: INVITE_VALID_SECONDS });
  return inviteMail(user, context, `${context.publicUrl}/forgot/reset?token=${token}&invite=1`);
}

/** What a link is for, while it still works. */
export async function verifyToken(tx: Tx, token: string) {
  const row = await repo.findLiveToken(tx, hashToken(token));
  if (!row) throw invalidLink(Messages.passwordLinkInvalid);
  return { token: { purpose: row.purpose as 'reset' | 'invite', username: row.username, expires_at: row.expiresAt.toISOString() } };
}

/** What a link is for while it works, for the audit event of its use (which uses it up). */
export async function linkPurpose(tx: Tx, token: string): Promise<string | undefined> {
  return (await repo.findLiveToken(tx, hashToken(token)))?.purpose;
}

/**
 * Sets a password through a link: the link is used up, every other link of the user dies, and every
 * session of the user ends (whoever held one may have known the old password).
 */
export async function setPasswordWithToken(tx: Tx, token: string, password: string) {
  const taken = await repo.consumeToken(tx, hashToken(token));
  const user = taken && (await repo.findUserById(tx, taken.userId));
  if (!user || user.disabled) throw invalidLink(Messages.passwordLinkInvalid);
  // Thrown inside the transaction: the link is given back with the rollback, so the user can try again.
  const problem = passwordProblem(password, user.username);
  if (problem) throw badRequest({ password: [problem] });
  await repo.setPasswordHash(tx, user.id, await hashPassword(password));
  await repo.deleteTokensOfUser(tx, user.id);
  await repo.deleteSessionsOfUser(tx, user.id);
  return { user };
}

/** A signed-in user changes their own password; their other sessions end, the current one stays. */
export async function changeOwnPassword(tx: Tx, principal: Principal, input: PasswordChangeRequest) {
  if (input.username.toLowerCase() !== principal.username.toLowerCase()) {
    throw forbidden('not_own_user', Messages.notYourUsername, { username: [Messages.notYourUsername] });
  }
  // The new password's rules first: a right current password must not be counted as a failed re-entry.
  const problem = passwordProblem(input.new_password, principal.username);
  if (problem) throw badRequest({ new_password: [problem] });
  const user = await repo.findUserById(tx, principal.userId);
  if (!user || !(await verifyPassword(user.passwordHash, input.old_password))) {
    throw refused('wrong_password', Messages.currentPasswordWrong, { old_password: [Messages.currentPasswordWrong] });
  }
  await auth.passwordConfirmed(tx, user.username);
  await repo.setPasswordHash(tx, user.id, await hashPassword(input.new_password));
  await repo.deleteTokensOfUser(tx, user.id);
  await repo.deleteSessionsOfUser(tx, user.id, principal.sessionHash);
}
