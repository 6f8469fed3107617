import { Alert, Button, Group, Stack } from '@mantine/core';
import type { ApprovalRequest } from '@keydeck/contract/approvals';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { KeyBlockResult } from '../../../lib/ui/key-block-result';
import { SecretOnceModal } from '../../../lib/ui/secret-once-modal';
import type { ResultReport } from '../../../lib/ui/result-report-modal';
import { useCancelApprovalRequest } from '../api/approvals.api';
import { useCarryOut } from '../api/carry-out';

interface RequesterActionsProps {
  request: ApprovalRequest;
  onClose: () => void;
  /** A batch operation's outcome, one line per row, shown by the page's report dialog. */
  onReport: (report: ResultReport) => void;
}

/**
 * The requester's side: once approved, carry the request out (the very call, sent again once), or withdraw it while
 * it is not done. A key block is shown here while the dialog is open; a refusal stays here in the server's words.
 */
export function RequesterActions({ request, onClose, onReport }: RequesterActionsProps) {
  const carry = useCarryOut();
  const cancel = useCancelApprovalRequest();
  const carried = carry.data;
  if (carried?.kind === 'key-block') {
    const { keyName, answer } = carried;
    return (
      <KeyBlockResult
        keyBlock={answer.key_block}
        fileName={`${keyName}.tr31.txt`}
        facts={[
          { label: 'Key KCV', value: answer.kcv, testId: 'export-kcv' },
          { label: 'KBPK KCV', value: answer.kbpk_kcv },
          { label: 'Format', value: answer.format },
        ]}
        onClose={onClose}
      />
    );
  }
  if (carried?.kind === 'secret') return <SecretOnceModal secret={carried.secret} onClose={onClose} />;
  const carryOut = () =>
    carry.mutate(request, {
      onSuccess: (outcome) => {
        if (outcome.kind === 'report') {
          onClose();
          onReport({ title: `${request.label}: carried out`, lines: outcome.lines, named: outcome.named });
        } else if (outcome.kind === 'done') {
          showToast({ color: 'success', message: `Carried out: ${request.label}` });
          onClose();
        }
      },
    });
  const withdraw = async () => {
    const cancelled = await confirmAction(`Cancel the request “${request.label}”? It can then no longer be carried out.`, () => cancel.mutateAsync(request.id));
    if (!cancelled) return;
    showToast({ color: 'success', message: 'Cancelled the approval request' });
    onClose();
  };
  const open = request.state === 'pending' || request.state === 'approved';
  return (
    <Stack gap="sm">
      {carry.error ? (
        <Alert color="error" variant="light" role="alert" title="Not carried out">
          {carry.error.message}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        {open ? (
          <Button variant="light" color="error" onClick={() => void withdraw()}>
            Cancel request
          </Button>
        ) : null}
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        {request.state === 'approved' ? (
          <Button onClick={carryOut} loading={carry.isPending}>
            Carry out
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
