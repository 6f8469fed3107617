import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useContractForm } from '../../../lib/use-contract-form';
import { SelectField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { freePortRangesQueryOptions, rangeText, useUpdatePortRange } from '../api/port-ranges.api';

const choice = z.object({ range_id: z.string().min(1, 'Choose a free range') });
type Choice = z.output<typeof choice>;

interface AssignFreeRangeModalProps {
  accountId: string;
  opened: boolean;
  onClose: () => void;
}

/** Picks one of the free ranges and assigns it to the account. */
export function AssignFreeRangeModal({ accountId, opened, onClose }: AssignFreeRangeModalProps) {
  const freeRanges = useQuery({ ...freePortRangesQueryOptions(), enabled: opened });
  const update = useUpdatePortRange();
  const options = (freeRanges.data ?? []).map((range) => ({
    value: range.id,
    label: range.description ? `${rangeText(range)} · ${range.description}` : rangeText(range),
  }));

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Assign a free range"
      mutations={[update]}
      onSubmit={async ({ range_id }: Choice) => {
        const saved = await update.mutateAsync({ id: range_id, account_id: accountId });
        return `Port range ${rangeText(saved)} assigned to ${saved.account_name ?? 'the account'}.`;
      }}
    >
      {(form) => <ChooseForm options={options} loading={freeRanges.isPending} none={freeRanges.isSuccess && options.length === 0} {...form} />}
    </FormModal>
  );
}

interface ChooseFormProps extends FormModalSlot<Choice> {
  options: { value: string; label: string }[];
  loading: boolean;
  none: boolean;
}

function ChooseForm({ options, loading, none, onSubmit, pending, actions }: ChooseFormProps) {
  // A refusal is toasted centrally (the mutation's error context).
  const form = useContractForm({ schema: choice, defaultValues: { range_id: '' }, errorView: () => null, onSubmit });
  return (
    <ContractForm form={form} aria-label="Assign a free range">
      <Stack gap="md">
        {none ? (
          <Text size="sm" c="dimmed">
            There is no free port range. Create one under Administration › Port ranges first.
          </Text>
        ) : (
          <SelectField name="range_id" label="Free range" placeholder={loading ? 'Loading…' : 'Choose a range'} data={options} searchable />
        )}
        <FormFooter submitLabel="Assign" pending={pending} disabled={options.length === 0} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
