import { errorEnvelope } from '@keydeck/contract/errors';
import { Messages } from '@keydeck/contract/messages';
import { ApiError, ResponseValidationError } from '../../../lib/api-error';

/** A failed external CA operation, its message already in the spec's words (spec §8); toasted centrally. */
export class ExternalCaFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExternalCaFailure';
  }
}

/** Session failures keep their central behaviour: 401 signs out, a service 403 goes back to the service login. */
function isSessionFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || (error.status === 403 && error.call.serviceScoped === true));
}

/** What the server said, if it said anything. */
function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const envelope = errorEnvelope.partial().safeParse(error.body);
  return (envelope.success && (envelope.data.message || envelope.data.error)) || undefined;
}

/**
 * The message an operation keeps (spec §4 status tracking): a response that fails the contract check says
 * 'Validation failed: ...', a refusal says what the server said, anything else gives the operation's fallback.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ResponseValidationError) return error.message;
  return serverMessage(error) ?? fallback;
}

/** For fetches: the central toast puts the spec's context line ('Failed fetching External CAs.') above this message. */
export function fetchFailure(error: unknown, fallback: string): unknown {
  return isSessionFailure(error) ? error : new ExternalCaFailure(failureMessage(error, fallback));
}

/** 'Failed to create external CA: <name>', plus ' Error: Invalid certificate.' on 400, then the server's reason. */
export function createFailure(error: unknown, name: string): unknown {
  if (isSessionFailure(error)) return error;
  const invalid = error instanceof ApiError && error.status === 400 ? Messages.externalCaInvalidCertificate : '';
  const reason = error instanceof ResponseValidationError ? error.message : serverMessage(error);
  return new ExternalCaFailure([Messages.externalCaCreateFailed(name) + invalid, reason].filter(Boolean).join('\n'));
}

/** 'Failed to archive/unarchive: <reason>', the reason falling back to 'Failed to update an external CA.'. */
export function updateFailure(error: unknown): unknown {
  if (isSessionFailure(error)) return error;
  return new ExternalCaFailure(Messages.externalCaUpdateFailed(failureMessage(error, Messages.externalCaUpdateFallback)));
}
