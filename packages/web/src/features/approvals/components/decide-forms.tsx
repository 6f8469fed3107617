import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { approvalDecisionBody, approvalDenyBody, type ApprovalRequest } from '@keydeck/contract/approvals';
import { showToast } from '../../../lib/toasts';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { TextareaField } from '../../../lib/ui/textarea-field';
import { DECISION_REFUSALS, useDecide } from '../api/approvals.api';

interface DecideFormsProps {
  request: ApprovalRequest;
  onDecided: () => void;
}

/** An approver's decision: approve with an optional reason, or deny in a small form of its own that needs one. */
export function DecideForms({ request, onDecided }: DecideFormsProps) {
  const [denying, setDenying] = useState(false);
  if (!request.you.may_decide) return null;
  return denying ? (
    <DenyForm request={request} onDecided={onDecided} onBack={() => setDenying(false)} />
  ) : (
    <ApproveForm request={request} onDecided={onDecided} onDeny={() => setDenying(true)} />
  );
}

function ApproveForm({ request, onDecided, onDeny }: DecideFormsProps & { onDeny: () => void }) {
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

function DenyForm({ request, onDecided, onBack }: DecideFormsProps & { onBack: () => void }) {
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
