import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState, type FormEvent, type ReactNode } from 'react';
import { NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { portRangeFields } from '@keydeck/contract/port-ranges';
import { useFormRefusals } from '../../../lib/use-form-refusals';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import type { PortRangeFields } from '../api/port-ranges.api';
import { AccountSelect, type AccountChoice } from './account-select';

type Field = keyof PortRangeFields;
const FIELDS: readonly Field[] = ['start_port', 'end_port', 'description', 'account_id'];
/** The batch endpoint names fields by position: port_ranges.0.start_port. */
const BATCH_PREFIX = /^port_ranges\.\d+\./;

const asNumber = (value: number | string) => (value === '' ? Number.NaN : Number(value));

interface PortRangeFormProps {
  onSubmit: (fields: PortRangeFields) => Promise<unknown>;
  pending: boolean;
  actions?: ReactNode;
}

/** A new port range, optionally assigned to an account at once; an overlap lands on Start port. */
export function PortRangeForm({ onSubmit, pending, actions }: PortRangeFormProps) {
  const [start, setStart] = useState<number | string>('');
  const [end, setEnd] = useState<number | string>('');
  const [description, setDescription] = useState('');
  const [account, setAccount] = useState<AccountChoice | null>(null);
  const { formRef, errors, message, clear, submit: send } = useFormRefusals({ fields: FIELDS, batchPrefix: BATCH_PREFIX, onSubmit });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    send(event, () =>
      portRangeFields.safeParse({ start_port: asNumber(start), end_port: asNumber(end), description, account_id: account?.id ?? null }),
    );
  };

  const port = { min: 1, max: 65535, allowDecimal: false, allowNegative: false, withAsterisk: true } as const;
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="New port range">
      <Stack gap="md">
        <FormAlert message={message} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <NumberInput label="Start port" description="First port of the range" data-autofocus {...port} value={start} error={errors.start_port} onChange={(value) => {
            setStart(value);
            clear('start_port');
          }} />
          <NumberInput label="End port" description="Same as the start for a single port" {...port} value={end} error={errors.end_port} onChange={(value) => {
            setEnd(value);
            clear('end_port');
          }} />
        </SimpleGrid>
        <TextInput label="Description" value={description} error={errors.description} onChange={(event) => {
            setDescription(event.currentTarget.value);
            clear('description');
          }} />
        <AccountSelect
          label="Assign to account"
          description="Optional: leave empty to keep the range free"
          value={account}
          error={errors.account_id}
          onChange={(choice) => {
            setAccount(choice);
            clear('account_id');
          }}
        />
        <FormFooter actions={actions} submitLabel={'Create port range'} pending={pending} />
      </Stack>
    </form>
  );
}
