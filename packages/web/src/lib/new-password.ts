import type { z } from 'zod';
import { PasswordText, passwordProblem } from '@keydeck/contract/passwords';

/**
 * Checks a new password typed twice with the contract's password rule for this username, before anything
 * is sent (the server checks the same rule again). Issues land on `field` and on `confirm`.
 */
export function checkNewPassword(
  ctx: z.RefinementCtx,
  entry: { field: string; password: string; confirm: string; username: string },
): void {
  const problem = passwordProblem(entry.password, entry.username);
  if (problem) ctx.addIssue({ code: 'custom', path: [entry.field], message: problem });
  else if (entry.password !== entry.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: PasswordText.mismatch });
}
