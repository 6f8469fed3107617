import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords.ts';

export const PASSWORD_MIN_LENGTH = 12;

export const PasswordText = {
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: 'Use at most 1024 characters',
  common: 'This password is too common: choose one that is harder to guess',
  sameAsUsername: 'The password must not be your username',
  enterCurrent: 'Enter your current password',
  mismatch: 'The passwords do not match',
} as const;

/** Runs people type instead of choosing: a password that is part of one is guessed early. */
const RUNS = ['01234567890123456789012345678901234567890', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm'];
const RUNS_BOTH_WAYS = [...RUNS, ...RUNS.map((run) => [...run].reverse().join(''))];

/** The password without the digits and symbols people add around a word to pass a policy ('Summer2024!' -> 'summer'). */
function coreOf(password: string): string {
  return password.toLowerCase().replace(/^[^a-z]+|[^a-z]+$/g, '');
}

/**
 * Why a new password is refused, or null when it is acceptable. The one rule for every place a password
 * is set: the web forms check it as the user types, the server checks it again.
 */
export function passwordProblem(password: string, username?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PasswordText.tooShort;
  if (password.length > 1024) return PasswordText.tooLong;
  const lower = password.toLowerCase();
  if (username && lower === username.trim().toLowerCase()) return PasswordText.sameAsUsername;
  const common =
    COMMON_PASSWORDS.has(lower) ||
    COMMON_PASSWORDS.has(coreOf(password)) ||
    new Set(lower).size <= 2 ||
    RUNS_BOTH_WAYS.some((run) => run.includes(lower));
  if (common) {
    return PasswordText.common;
  }
  return null;
}

/** A new password, with every rule that needs no username (the server adds the username rule). */
export const newPassword = z.string().superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** spec §7: POST user/password/reset. Always answers the same, whether or not the user exists. */
export const passwordResetRequest = z.object({
  username: z.string().trim().min(1, 'Enter your username').max(200),
  /** The account code, or the account slug of the sign-in link: whichever the user knows. */
  account_code: z.string().trim().min(1, 'Enter your account slug or account code').max(100),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;
export const passwordResetRequested = z.object({ message: z.string() });

/** A link's token, as the mail carried it; sent in a body so it never shows in a URL the server logs. */
export const passwordToken = z.string().trim().min(20, 'This link is incomplete').max(200);
export const PASSWORD_TOKEN_PURPOSES = ['reset', 'invite'] as const;

export const passwordTokenVerifyRequest = z.object({ token: passwordToken });
export const passwordTokenInfo = z.object({
  token: z.object({
    purpose: z.enum(PASSWORD_TOKEN_PURPOSES),
    username: z.string(),
    expires_at: z.string(),
  }),
});

export const passwordSetRequest = z.object({ token: passwordToken, password: newPassword });
export type PasswordSetRequest = z.infer<typeof passwordSetRequest>;
export const passwordSetResponse = z.object({ password_set: z.literal(true), username: z.string() });

/** spec §7: PUT service/user, a signed-in user changing their own password. */
export const passwordChangeRequest = z.object({
  username: z.string().trim().min(1, 'Enter your username').max(200),
  old_password: z.string().min(1, PasswordText.enterCurrent).max(1024),
  new_password: newPassword,
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;
export const passwordChangeResponse = z.object({ password_changed: z.literal(true) });
