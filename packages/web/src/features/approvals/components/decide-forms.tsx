import { Button, Stack } from '@mantine/core';
import { approvalDecisionBody, approvalDenyBody, type ApprovalRequest } from '@keydeck/contract/approvals';
import { showToast } from '../../../lib/toasts';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { TextareaField } from '../../../lib/ui/textarea-field';
import { DECISION_REFUSALS, useDecide } from '../api/approvals.api';

interface DecideFormProps {
  request: ApprovalRequest;
  onDecided: () => void;
}

/** Approve, with an optional reason; Deny leads to the deny form. */
export function ApproveForm({ request, onDecided, onDeny }: DecideFormProps & { onDeny: () => void }) {
  const decide = useDecide();
  const form = useContractForm({
    schema: approvalDecisionBody,
    defaultValues: { reason: '' },
    onSubmit: async ({ reason }) => {
      await decide.mutateAsync({ id: request.id, decision: 'approve', reason: reason ?? '' });
      showToast({ color: 'success', message: 'Approved' });
      onDecided();
    },
    statuses: DECISION_REFUSALS,
  });
  return (
    <ContractForm form={form} aria-label="Approve">
      <Stack gap="sm">
        <FormAlert />
      <TextareaField name="reason" label="Reason (optional)" description="Recorded with your approval, for example a change ticket" autosize minRows={2} />
      <FormFooter
        submitLabel="Approve"
        pending={decide.isPending}
        actions={
          <Button variant="light" color="error" onClick={onDeny}>
            Deny
          </Button>
        }
      />
      </Stack>
    </ContractForm>
  );
}

/** Deny, with the reason it needs; Back returns to approving. */
export function DenyForm({ request, onDecided, onBack }: DecideFormProps & { onBack: () => void }) {
  const decide = useDecide();
  const form = useContractForm({
    schema: approvalDenyBody,
    defaultValues: { reason: '' },
    onSubmit: async ({ reason }) => {
      await decide.mutateAsync({ id: request.id, decision: 'deny', reason });
      showToast({ color: 'success', message: 'Denied' });
      onDecided();
    },
    statuses: DECISION_REFUSALS,
  });
  return (
    <ContractForm form={form} aria-label="Deny">
      <Stack gap="sm">
        <FormAlert />
      <TextareaField name="reason" label="Why do you deny it?" withAsterisk autosize minRows={2} data-autofocus />
      <FormFooter
        submitLabel="Deny"
        pending={decide.isPending}
        actions={
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
        }
      />
      </Stack>
    </ContractForm>
  );
}
