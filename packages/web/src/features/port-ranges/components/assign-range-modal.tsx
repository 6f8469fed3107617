import { Stack } from '@mantine/core';
import { z } from 'zod';
import type { PortRange } from '@keydeck/contract/port-ranges';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { rangeText, useUpdatePortRange } from '../api/port-ranges.api';
import { AccountField } from './account-select';

const assignment = z.object({ account_id: z.string('Choose an account') });
type Assignment = z.output<typeof assignment>;

/** Assigns one free range to an account picked by name. */
export function AssignRangeModal({ range, onClose }: { range: PortRange | null; onClose: () => void }) {
  const update = useUpdatePortRange();
  return (
    <FormModal
      opened={range !== null}
      onClose={onClose}
      title={range ? `Assign port range ${rangeText(range)}` : ''}
      mutations={[update]}
      onSubmit={async ({ account_id }: Assignment) => {
        const saved = await update.mutateAsync({ id: range!.id, account_id });
        return `Port range ${rangeText(saved)} assigned to ${saved.account_name ?? 'the account'}.`;
      }}
    >
      {(form) => <AssignForm {...form} />}
    </FormModal>
  );
}

function AssignForm({ onSubmit, pending, actions }: FormModalSlot<Assignment>) {
  // A refusal is toasted centrally (the mutation's error context).
  const form = useContractForm({ schema: assignment, defaultValues: { account_id: undefined }, errorView: () => null, onSubmit });
  return (
    <ContractForm form={form} aria-label="Assign port range">
      <Stack gap="md">
        <AccountField name="account_id" label="Account" />
        <FormFooter submitLabel="Assign" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
