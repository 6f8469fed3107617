import { z } from 'zod';
import { authInfo } from './auth.ts';

/** Six digits, as RFC 6238 authenticator apps show them (spaces people type are dropped). */
const otp = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code'));

/** Recovery codes are shown grouped (ABCD-EFGH-...); case, dashes and spaces do not matter. */
const recoveryCode = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{16}$/, 'Enter a recovery code as it was shown (16 letters and digits)'));

/** The user's own second factors; no secret is ever part of it. */
export const mfaStatus = z.object({
  totp: z.object({ enabled: z.boolean(), confirmed_at: z.string().nullable() }),
  recovery_codes_remaining: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatus>;
export const mfaStatusResponse = z.object({ mfa: mfaStatus });

/** Answered once, when enrolment starts: the only time the secret leaves the server. */
export const totpEnrolment = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code: a PNG data URL rendered on the server. */
  qr_code: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolment>;
export const totpEnrolmentResponse = z.object({ enrolment: totpEnrolment });

export const totpConfirmRequest = z.object({ otp });

/** Ten single-use codes, shown once: at enrolment and at every regeneration. */
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export const totpConfirmResponse = recoveryCodesResponse.extend({ auth_info: authInfo });

/** Re-entering the password guards the changes that weaken or re-issue a factor. */
export const passwordConfirmRequest = z.object({ password: z.string().min(1, 'Enter your password').max(1024) });
export type PasswordConfirmRequest = z.infer<typeof passwordConfirmRequest>;
export const totpDisableResponse = z.object({ mfa: mfaStatus });

/**
 * The TOTP sign-in step: either the current code (otp) or one of the recovery codes (recovery_code),
 * never both.
 */
export const totpCompleteRequest = z
  .object({ otp: otp.optional(), recovery_code: recoveryCode.optional() })
  .refine((body) => (body.otp === undefined) !== (body.recovery_code === undefined), {
    message: 'Send either otp or recovery_code',
    path: ['otp'],
  });
export type TotpCompleteRequest = z.input<typeof totpCompleteRequest>;

export const userMfaResetParams = z.object({ user_id: z.uuid() });
export const userMfaResetBody = z.object({ account_id: z.uuid("Enter a valid account id").optional() });
export const userMfaResetResponse = z.object({ user_id: z.string(), reset: z.literal(true) });
