import { confirm } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';

/**
 * Asks the question ("Delete datacenter fra1?"), deletes on Yes and toasts `done`; a refusal (a datacenter with
 * servers, a pool with addresses) is toasted centrally with the server's words.
 */
export async function deleteAfterConfirm(question: string, remove: () => Promise<unknown>, done: string): Promise<void> {
  if (!(await confirm(question, 'Delete'))) return;
  const deleted = await remove().then(
    () => true,
    () => false,
  );
  if (deleted) showToast({ color: 'success', message: done });
}
