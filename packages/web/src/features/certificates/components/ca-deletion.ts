import type { CertAuthority, CertAuthorityDeleteResult } from '@keydeck/contract/certificates';
import { isPendingApproval, pendingText } from '../../../lib/approvals';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { useDeleteCertAuthorities } from '../api/cert-authorities.api';
import { counted } from './certificate-cells';
import type { ResultReport } from '../../../lib/ui/result-report-modal';

const listed = (names: string[]) => (names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** The first question: what deleting a CA does. */
export function deleteQuestion(cas: CertAuthority[]): string {
  const names = cas.map((ca) => ca.ca_name);
  const what = names.length === 1 ? `the certificate authority ${names[0]}` : `these ${names.length} certificate authorities (${listed(names)})`;
  return `Delete ${what}? ${names.length === 1 ? 'Its key is' : 'Their keys are'} destroyed in the keystore: nothing more can be issued or revoked, and no new CRL signed. A CA with CAs under it is kept.`;
}

/** The second question, when the server refused CAs for their unexpired certificates: how many, and what becomes of them. */
export function unexpiredQuestion(refused: CertAuthorityDeleteResult[], cas: CertAuthority[]): string {
  const parts = refused.map((result) => {
    const count = cas.find((ca) => ca.ca_name.toLowerCase() === result.name.toLowerCase())?.unexpired_certificates;
    return count === undefined ? (result.reason ?? result.name) : `${result.name} issued ${counted(count, 'certificate')} that ${count === 1 ? 'has' : 'have'} not expired.`;
  });
  const them = refused.length === 1 ? 'this CA' : 'these CAs';
  return `${parts.join(' ')} Delete ${them} and ${refused.length === 1 ? 'its' : 'their'} certificates anyway? The certificates are deleted with ${refused.length === 1 ? 'it' : 'them'}: they can no longer be revoked, downloaded or checked against a CRL of ${them}.`;
}

/**
 * Deleting CAs: a confirmation, then the deletion; CAs the server refuses only for their unexpired certificates are
 * named with their counts in a second confirmation and, if the operator agrees, sent again with confirm: true.
 * Every CA ends up in the report, in the server's words; a refusal of the whole request stays in its dialog.
 */
export function useCaDeletion(serviceId: string, onReport: (report: ResultReport) => void, onDeleted: (names: string[]) => void) {
  const remove = useDeleteCertAuthorities(serviceId);
  const run = async (cas: CertAuthority[]) => {
    const title = cas.length === 1 ? `Delete ${cas[0]!.ca_name}` : `Delete ${cas.length} CAs`;
    const first = await confirmAction(deleteQuestion(cas), () => remove.mutateAsync({ cas: cas.map((ca) => ca.ca_name), confirm: false }), title);
    if (!first) return;
    if (isPendingApproval(first)) return showToast({ color: 'info', message: pendingText(first) });
    let results = first.results;
    const refused = results.filter((result) => result.confirmation_required);
    if (refused.length > 0) {
      const again = () => remove.mutateAsync({ cas: refused.map((result) => result.name), confirm: true });
      const second = await confirmAction(unexpiredQuestion(refused, cas), again, 'Delete CAs with unexpired certificates');
      if (second && isPendingApproval(second)) showToast({ color: 'info', message: pendingText(second) });
      else if (second) {
        const again = new Map(second.results.map((result) => [result.name.toLowerCase(), result]));
        results = results.map((result) => again.get(result.name.toLowerCase()) ?? result);
      }
    }
    onDeleted(results.filter((result) => result.success).map((result) => result.name));
    onReport({
      title: 'Delete certificate authorities: result',
      named: true,
      lines: results.map(({ name, success, message, reason }) => ({ name, success, message, reason })),
    });
  };
  return { run, isPending: remove.isPending };
}
