import { Stack, Text } from '@mantine/core';
import type { z } from 'zod';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextareaField } from '../../../lib/ui/textarea-field';
import { useContractForm } from '../../../lib/use-contract-form';

type ReasonSchema = z.ZodType<{ reason: string }, { reason: string }>;

interface ReasonModalProps<T> {
  /** The ceremony or export to end; none closes the dialog. */
  record: T | null;
  title: (record: T) => string;
  /** The form's name, its submit button and what it does, in words. */
  label: string;
  submitLabel: string;
  explanation: string;
  schema: ReasonSchema;
  mutations: readonly { isPending: boolean; reset: () => void }[];
  /** Ends the record with the reason; resolves to the success toast's text. */
  onSubmit: (record: T, reason: string) => Promise<string>;
  onClose: () => void;
}

/** Ends an open ceremony or export, with the reason its record keeps. */
export function ReasonModal<T>({ record, title, label, submitLabel, explanation, schema, mutations, onSubmit, onClose }: ReasonModalProps<T>) {
  return (
    <FormModal
      opened={record !== null}
      onClose={onClose}
      title={record !== null ? title(record) : ''}
      mutations={mutations}
      cancelLabel="Keep it open"
      onSubmit={({ reason }: { reason: string }) => (record !== null ? onSubmit(record, reason) : Promise.resolve(undefined))}
    >
      {(slot) => <ReasonForm schema={schema} label={label} submitLabel={submitLabel} explanation={explanation} {...slot} />}
    </FormModal>
  );
}

function ReasonForm({
  schema,
  label,
  submitLabel,
  explanation,
  onSubmit,
  pending,
  actions,
}: Pick<ReasonModalProps<unknown>, 'schema' | 'label' | 'submitLabel' | 'explanation'> & FormModalSlot<{ reason: string }>) {
  const form = useContractForm({ schema, defaultValues: { reason: '' }, onSubmit, statuses: [400, 409] });
  return (
    <ContractForm form={form} aria-label={label}>
      <Stack gap="md">
        <Text size="sm">{explanation}</Text>
        <FormAlert />
        <TextareaField name="reason" label="Reason" withAsterisk data-autofocus autosize minRows={2} />
        <FormFooter submitLabel={submitLabel} pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
