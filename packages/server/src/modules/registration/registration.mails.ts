import { REGISTRATION_LINK_HOURS } from '@keydeck/contract/registration';
import type { Mail } from '../../platform/mailer.ts';

/** The mail whose link confirms a sign-up and creates the account. Plain text, like every Keydeck mail. */
export function confirmationMail(registration: { email: string; companyName: string; username: string }, link: string): Mail {
  return {
    to: registration.email,
    subject: 'Confirm your Keydeck registration',
    text: [
      `Hello,`,
      ``,
      `someone registered the company ${registration.companyName} on Keydeck with this email address,`,
      `with the administrator username ${registration.username}.`,
      `To create the account, open this link within ${REGISTRATION_LINK_HOURS} hours. It works once.`,
      ``,
      link,
      ``,
      `If you did not register, ignore this mail: no account is created.`,
    ].join('\n'),
  };
}
