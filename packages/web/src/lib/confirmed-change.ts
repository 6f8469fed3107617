import { ErrorCode, errorEnvelope } from '@keydeck/contract/errors';
import { ApiError } from './api-error';
import { confirmAction } from './dialogs';
import { errorEffect } from './error-toast';

/**
 * Sends a change the server may refuse with 409 confirmation_required (one that would lock the caller
 * out). The user is asked with the server's own words; Yes sends it again with confirm: true, and a refusal of
 * that stays in the dialog. Resolves null when the user says No or the change was refused there.
 */
export async function sendConfirmedChange<T>(send: (confirmed: boolean) => Promise<T>): Promise<T | null> {
  try {
    return await send(false);
  } catch (error) {
    const needsConfirmation =
      error instanceof ApiError && errorEnvelope.partial().safeParse(error.body).data?.error === ErrorCode.confirmationRequired;
    if (!needsConfirmation) throw error;
    // A lost session is not the dialog's to show: it fails the caller's mutation, whose central handling leaves.
    let lost: unknown = null;
    const sent = await confirmAction(error.message, () =>
      send(true).catch((refusal: unknown) => {
        if (errorEffect(refusal).kind !== 'toast') lost = refusal;
        throw refusal;
      }),
    );
    if (lost) throw lost;
    return sent;
  }
}
