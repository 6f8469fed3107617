import { z } from 'zod';

/** The one error envelope every failed API call answers with. */
export const errorEnvelope = z.object({
  message: z.string(),
  error: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  request_id: z.string().optional(),
});

/** Codes in `error` for refusals a client acts on, not only shows. */
export const ErrorCode = {
  /** The change needs the user's explicit confirmation: resend it with confirm: true. */
  confirmationRequired: 'confirmation_required',
  /** Forced MFA: the user must enrol a second factor before anything else (send them to /login/mfa/setup). */
  mfaSetupRequired: 'mfa_setup_required',
  /** A mailed link (password, sign-up confirmation) that is unknown, used or expired: the client offers a new one. */
  invalidToken: 'invalid_token',
  /** No live service session for the service called: the client clears its service authorization and returns to login. */
  serviceSessionRequired: 'service_session_required',
} as const;

/** 422 with a list of messages (spec §8). */
export const messageListEnvelope = z.object({ data: z.array(z.string()) });
