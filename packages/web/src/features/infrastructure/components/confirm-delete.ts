import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';

/**
 * Asks the question ("Delete datacenter fra1?"), deletes on Yes and toasts `done`; a refusal (a datacenter with
 * servers, a pool with addresses) stays in the dialog in the server's words (the delete's mutation shows no toast).
 */
export async function deleteAfterConfirm(question: string, remove: () => Promise<unknown>, done: string): Promise<void> {
  const deleted = await confirmAction(question, () => remove().then(() => true), 'Delete');
  if (deleted) showToast({ color: 'success', message: done });
}
