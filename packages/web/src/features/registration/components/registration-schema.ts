import { z } from 'zod';
import { registrationRequest } from '@keydeck/contract/registration';
import { checkNewPassword } from '../../../lib/new-password';

/** The sign-up form: the contract's request without the marketplace (the page adds it), and the password typed twice. */
export const registrationFormSchema = registrationRequest
  .omit({ marketplace: true })
  // The password rule runs once, below, where it also knows the username.
  .extend({ password: z.string(), confirm: z.string() })
  .superRefine((v, ctx) => checkNewPassword(ctx, { field: 'password', password: v.password, confirm: v.confirm, username: v.username }));

export type RegistrationFormValues = z.input<typeof registrationFormSchema>;

/** A slug suggested from the company name until the visitor types their own: 'Acme Labs, Inc.' -> 'acme-labs-inc'. */
export function suggestSlug(companyName: string): string {
  return companyName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents: 'é' -> 'e'
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
}
