import type { ReactNode } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { portRangeFields } from '@keydeck/contract/port-ranges';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { NumberField } from '../../../lib/ui/number-field';
import { TextField } from '../../../lib/ui/text-fields';
import type { PortRangeFields } from '../api/port-ranges.api';
import { AccountField } from './account-select';

/** The batch endpoint names fields by position: port_ranges.0.start_port. */
const BATCH_PREFIX = /^port_ranges\.\d+\./;
const PORT = { min: 1, max: 65535, allowDecimal: false, allowNegative: false, withAsterisk: true } as const;

interface PortRangeFormProps {
  onSubmit: (fields: PortRangeFields) => Promise<unknown>;
  pending: boolean;
  actions?: ReactNode;
}

/** A new port range, optionally assigned to an account at once; an overlap lands on Start port. */
export function PortRangeForm({ onSubmit, pending, actions }: PortRangeFormProps) {
  const form = useContractForm({
    schema: portRangeFields,
    defaultValues: { start_port: undefined, end_port: undefined, description: '', account_id: null },
    batchPrefix: BATCH_PREFIX,
    onSubmit,
  });

  return (
    <ContractForm form={form} aria-label="New port range">
      <Stack gap="md">
        <FormAlert />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <NumberField name="start_port" label="Start port" description="First port of the range" data-autofocus {...PORT} />
          <NumberField name="end_port" label="End port" description="Same as the start for a single port" {...PORT} />
        </SimpleGrid>
        <TextField name="description" label="Description" />
        <AccountField name="account_id" label="Assign to account" description="Optional: leave empty to keep the range free" />
        <FormFooter actions={actions} submitLabel="Create port range" pending={pending} />
      </Stack>
    </ContractForm>
  );
}
