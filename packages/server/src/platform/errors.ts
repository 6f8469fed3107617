import { ErrorCode } from '@keydeck/contract/errors';
import { Messages } from '@keydeck/contract/messages';

/** The account (and target) a refused request concerned, when only the service that refused it learnt them. */
export type RefusalConcern = { account: string | null; target?: string };

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
      /** What only the refusing service knew about the request, for its audit event. */
      concern?: RefusalConcern;
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

export const forbidden = (reason: string, message: string = Messages.permissionDenied, errors?: Record<string, string[]>) =>
  new AppError(403, message, { reason, errors });

export const notFound = (message: string = Messages.notFound) => new AppError(404, message, { reason: 'not_found' });

export const badRequest = (errors: Record<string, string[]>, message: string = Messages.invalidRequest) =>
  new AppError(400, message, { reason: 'invalid_input', errors });

/** Strings holding NUL, control characters or lone surrogates, refused at the edge; the reason names the fields. */
export const invalidText = (fields: string[]) =>
  new AppError(400, Messages.invalidRequest, {
    reason: `invalid_text:${fields.join(',')}`,
    errors: Object.fromEntries(fields.map((field) => [field, [Messages.invalidText]])),
  });

/** A rule refuses a well-formed request (the last administrator, the platform account); `errors` names the fields. */
export const refused = (reason: string, message: string, errors?: Record<string, string[]>) =>
  new AppError(400, message, { reason, errors });

/** The request clashes with what exists now (a taken name, a state that does not allow the change). */
export const conflict = (reason: string, message: string, errors?: Record<string, string[]>) =>
  new AppError(409, message, { reason, errors });

/** The change would lock the caller out: resent with confirm: true it goes through. */
export const confirmationRequired = (message: string) =>
  new AppError(409, message, { reason: ErrorCode.confirmationRequired, code: ErrorCode.confirmationRequired });

/** A mailed link that is unknown, used or expired. */
export const invalidLink = (message: string) =>
  new AppError(400, message, { reason: 'invalid_token', code: ErrorCode.invalidToken });

/** No live service session for the service called. */
export const serviceSessionRequired = () =>
  new AppError(403, Messages.serviceSessionExpired, { reason: 'service_session_required', code: ErrorCode.serviceSessionRequired });

/** A refused sign-in or security check: audited even on a request that changes nothing. */
export const securityRefusal = (status: number, reason: string, message: string, headers?: Record<string, string>) =>
  new AppError(status, message, { reason, alwaysAudit: true, headers });

/** Too many failed sign-ins for this username (from here, or from unfamiliar addresses): try again after the wait. */
export const signInThrottled = (waitSeconds: number) =>
  new AppError(429, Messages.signInThrottled(waitSeconds), { reason: 'throttled', headers: { 'retry-after': String(waitSeconds) } });

/** A dependency (the HSM token) is away for now: nothing changed, and clients retry after the wait. */
export const unavailable = (reason: string, message: string, retryAfterSeconds = 5) =>
  new AppError(503, message, { reason, headers: { 'retry-after': String(retryAfterSeconds) } });

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
