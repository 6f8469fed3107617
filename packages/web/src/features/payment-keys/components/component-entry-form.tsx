import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { Messages } from '@keydeck/contract/messages';
import { kcvHex, KEY_BYTES, keyHex, type KeyAlgorithm } from '@keydeck/contract/payment-keys';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { PasswordField, TextField } from '../../../lib/ui/text-fields';
import { useComponentKcv } from '../../../lib/component-kcv';

export interface ConfirmedComponent {
  value: string;
  kcv: string;
}

interface ComponentEntryFormProps {
  serviceId: string;
  algorithm: KeyAlgorithm;
  /** 1-based, as the custodians' forms number them. */
  index: number;
  total: number;
  /** Whether a component already confirmed has this value (each custodian holds a different one). */
  isRepeated: (value: string) => boolean;
  onConfirmed: (component: ConfirmedComponent) => void;
  onCancel: () => void;
}

/**
 * One custodian's turn: the component in a masked field and the KCV from their paperwork. The server computes the
 * component's KCV; only a match can be confirmed, and confirming clears the field before the next custodian comes.
 * The check's answer lives in its mutation (any edit resets it), so what is confirmed is exactly what was checked.
 */
export function ComponentEntryForm({ serviceId, algorithm, index, total, isRepeated, onConfirmed, onCancel }: ComponentEntryFormProps) {
  const check = useComponentKcv(serviceId);
  const digits = KEY_BYTES[algorithm] * 2;
  const schema = z.object({
    value: keyHex.refine((v) => v.length === digits, Messages.componentLength(index, KEY_BYTES[algorithm])).refine((v) => !isRepeated(v), Messages.componentsRepeated),
    kcv: kcvHex,
  });
  const form = useContractForm({
    schema,
    defaultValues: { value: '', kcv: '' },
    onSubmit: async ({ value }) => {
      const { kcv } = await check.mutateAsync({ algorithm, value });
      // A mismatched value is not kept on screen: the custodian enters it again.
      if (kcv !== kcvHex.safeParse(form.getValues('kcv')).data) form.setValue('value', '');
    },
  });
  const entered = kcvHex.safeParse(form.watch('kcv')).data;
  const computed = check.data?.kcv;
  const matches = computed !== undefined && computed === entered;

  const confirm = () => {
    const parsed = schema.safeParse(form.getValues());
    if (!parsed.success || !matches) return;
    form.reset({ value: '', kcv: '' });
    check.reset();
    onConfirmed(parsed.data);
  };

  return (
    <ContractForm form={form} aria-label={`Component ${index} of ${total}`}>
      <Stack gap="md">
        <Text size="sm">
          Custodian {index}: enter component {index} of {total} ({digits} hex digits; spaces allowed) and the KCV printed beside it on your
          form. Nobody else should see the screen while you type.
        </Text>
        <FormAlert />
        <PasswordField
          name="value"
          label={`Component ${index}`}
          withAsterisk
          data-autofocus
          autoComplete="off"
          spellCheck={false}
          // No reveal button: the KCV check is how a typing error is found, without showing the value.
          rightSection={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onChange={() => check.reset()}
        />
        <TextField
          name="kcv"
          label={`KCV of component ${index}`}
          description="As printed on the custodian's form"
          withAsterisk
          autoComplete="off"
          spellCheck={false}
          maxLength={8}
          w={{ base: '100%', xs: 260 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onChange={() => check.reset()}
        />
        {computed !== undefined && matches ? (
          <Alert color="success" variant="light" title={`KCV ${computed} matches`} role="status">
            Component {index} is the one on the custodian&apos;s form. Confirm it: the value is cleared from the screen
            {index < total ? ` and custodian ${index + 1} can enter component ${index + 1}.` : ' and the key can be created.'}
          </Alert>
        ) : null}
        {computed !== undefined && !matches ? (
          <Alert color="error" variant="light" title="KCV mismatch" role="alert">
            This value computes KCV {computed}, not {entered ?? 'the one entered'}. Check the value with its custodian and enter it again.
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel ceremony
          </Button>
          {matches ? (
            <Button onClick={confirm}>Confirm component {index}</Button>
          ) : (
            <Button type="submit" loading={check.isPending}>
              Check component {index}
            </Button>
          )}
        </Group>
      </Stack>
    </ContractForm>
  );
}
