import type { Mail } from '../../platform/mailer.ts';

/** How long a link works: a reset link briefly, an invitation long enough to reach someone on leave. */
export const RESET_MINUTES = 30;
/**
 * Reset links a user may hold at once: further requests mail nothing until one is used or expires. Per user,
 * whatever the address asking (the per-address limit alone lets many addresses flood one mailbox).
 */
export const RESET_LINKS_PER_USER = 5;
export const INVITE_HOURS = 72;

/** The mail with a link to choose a new password. Plain text: every mail client shows it as written. */
export function resetMail(user: { username: string; email: string }, link: string): Mail {
  return {
    to: user.email,
    subject: 'Reset your Keydeck password',
    text: [
      `Hello,`,
      ``,
      `someone asked to reset the Keydeck password of the user ${user.username}.`,
      `To choose a new password, open this link within ${RESET_MINUTES} minutes. It works once.`,
      ``,
      link,
      ``,
      `If you did not ask for this, ignore this mail: your password stays as it is.`,
    ].join('\n'),
  };
}

export function inviteMail(
  user: { username: string; email: string },
  context: { accountName: string; inviter: string },
  link: string,
): Mail {
  return {
    to: user.email,
    subject: `You are invited to ${context.accountName} on Keydeck`,
    text: [
      `Hello,`,
      ``,
      `${context.inviter} invited you to the company account ${context.accountName} on Keydeck.`,
      `Your username is ${user.username}. To choose your password, open this link within ${INVITE_HOURS} hours. It works once.`,
      ``,
      link,
    ].join('\n'),
  };
}
