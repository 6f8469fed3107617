import { ErrorCode, errorEnvelope } from '@keydeck/contract/errors';
import { ApiError } from './api-error';
import { confirm } from './dialogs';

/**
 * Sends a change the server may refuse with 409 confirmation_required (one that would lock the caller
 * out). The user is asked with the server's own words; Yes sends it again with confirm: true.
 * Resolves null when the user says No.
 */
export async function sendConfirmedChange<T>(send: (confirmed: boolean) => Promise<T>): Promise<T | null> {
  try {
    return await send(false);
  } catch (error) {
    const needsConfirmation =
      error instanceof ApiError && errorEnvelope.partial().safeParse(error.body).data?.error === ErrorCode.confirmationRequired;
    if (!needsConfirmation) throw error;
    if (!(await confirm(error.message))) return null;
    return send(true);
  }
}
