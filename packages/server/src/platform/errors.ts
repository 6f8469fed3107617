import { ErrorCode } from '@keydeck/contract/errors';
import { Messages } from '@keydeck/contract/messages';

/** A refusal the client is meant to see. Anything else thrown becomes a 500 that reveals nothing. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly options: {
      /** Short machine-readable cause, written to the audit row. */
      reason?: string;
      errors?: Record<string, string[]>;
      /** Machine-readable code sent as `error`, for refusals the client acts on (contract ErrorCode). */
      code?: string;
      /** Audit the refusal even on a read-only request (security refusals). */
      alwaysAudit?: boolean;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = (reason = 'not_logged_in', message: string = Messages.notLoggedIn) =>
  new AppError(401, message, { reason });

export const forbidden = (reason: string, message: string = Messages.permissionDenied) =>
  new AppError(403, message, { reason });

export const notFound = (message: string = Messages.notFound) => new AppError(404, message, { reason: 'not_found' });

export const badRequest = (errors: Record<string, string[]>, message: string = Messages.invalidRequest) =>
  new AppError(400, message, { reason: 'invalid_input', errors });

export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, Messages.tooManyRequests, {
    reason: 'rate_limited',
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

/** Forced MFA refuses every call but enrolment until the user has a second factor; always audited. */
export const mfaSetupRequired = () =>
  new AppError(403, Messages.mfaSetupRequired, { reason: 'mfa_setup_required', code: ErrorCode.mfaSetupRequired, alwaysAudit: true });

/** A call from outside the caller's account IP allowlist; always audited. */
export const ipRefused = (ip: string) =>
  new AppError(403, Messages.ipNotAllowed(ip), { reason: 'ip_not_allowed', alwaysAudit: true });
