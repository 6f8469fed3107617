import { SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { APPROVAL_HOURS_MAX, APPROVALS_MAX, approvalPolicyUpdate, type ApprovalPolicy } from '@keydeck/contract/approvals';
import type { FormModalSlot } from '../../../lib/ui/form-modal';
import { useContractForm } from '../../../lib/use-contract-form';
import { SelectField, SwitchField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { NumberField } from '../../../lib/ui/number-field';
import { approverRolesQueryOptions } from '../api/approvals.api';

export type PolicyUpdate = z.output<typeof approvalPolicyUpdate>;

/** One operation's policy: whether it needs approval, how many approvals, from which role, and how long a request waits. */
export function PolicyForm({ policy, onSubmit, pending, actions }: { policy: ApprovalPolicy } & FormModalSlot<PolicyUpdate>) {
  const roles = useQuery(approverRolesQueryOptions());
  const form = useContractForm({
    schema: approvalPolicyUpdate,
    defaultValues: {
      operation: policy.operation,
      enabled: policy.enabled,
      required_approvals: policy.required_approvals,
      approver_role_id: policy.approver_role.id,
      wait_hours: policy.wait_hours,
    },
    onSubmit,
  });
  const options = (roles.data ?? [policy.approver_role]).map((role) => ({ value: role.id, label: role.name }));
  return (
    <ContractForm form={form} aria-label={`Approval policy of ${policy.label}`}>
      <Stack gap="md">
        <FormAlert />
        <SwitchField name="enabled" label="Requires approval" description={policy.label} data-autofocus />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <NumberField
            name="required_approvals"
            label="Approvals needed"
            description={`1-${APPROVALS_MAX}, never the requester's own`}
            withAsterisk
            min={1}
            max={APPROVALS_MAX}
            allowDecimal={false}
            allowNegative={false}
          />
          <NumberField
            name="wait_hours"
            label="Waits for"
            description={`Hours a request waits, then may be carried out (1-${APPROVAL_HOURS_MAX})`}
            withAsterisk
            min={1}
            max={APPROVAL_HOURS_MAX}
            allowDecimal={false}
            allowNegative={false}
            suffix=" h"
          />
        </SimpleGrid>
        <SelectField name="approver_role_id" label="Approvers" description="The holders of this role approve" data={options} withAsterisk allowDeselect={false} />
        <FormFooter submitLabel="Save policy" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
