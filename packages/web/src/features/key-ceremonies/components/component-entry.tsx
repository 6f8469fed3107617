import '@mantine/core/styles/Code.css';
import { useState } from 'react';
import { Alert, Button, Code, Group, PasswordInput, Stack, Text } from '@mantine/core';
import type { KeyCeremony } from '@keydeck/contract/key-ceremonies';
import { KEY_BYTES } from '@keydeck/contract/payment-keys';
import { useComponentKcv } from '../../../lib/component-kcv';
import { formErrorView } from '../../../lib/form-errors';
import { showToast } from '../../../lib/toasts';
import { useEnterComponent } from '../api/key-ceremonies.api';
import { enteredComponent } from '../api/ceremony-texts';

/** Refusals this step shows in its own alert (a malformed component, a ceremony that ended or refuses the caller). */
const refusal = (error: Error | null) => (error ? formErrorView(error, [], undefined, [400, 404, 409]) : null);
const refusalText = (error: Error | null) => {
  const view = refusal(error);
  return view && [view.message, ...Object.values(view.fields)].filter(Boolean).join('\n');
};

/**
 * The caller's own component: typed in a masked field, its KCV computed by the server to compare with the
 * custodian's form, then confirmed and sent once. The typed value lives in this component's state only: it is
 * emptied once confirmed, and gone when the dialog closes (this component unmounts).
 */
export function ComponentEntry({ serviceId, ceremony }: { serviceId: string; ceremony: KeyCeremony }) {
  const [value, setValue] = useState('');
  const check = useComponentKcv(serviceId);
  const enter = useEnterComponent(serviceId);
  const kcv = check.data?.kcv;
  const position = ceremony.components.length + 1;
  const error = refusalText(check.error) ?? refusalText(enter.error);

  const edit = (next: string) => {
    setValue(next);
    check.reset();
    enter.reset();
  };
  const confirm = async () => {
    if (!kcv) return;
    const entered = await enter.mutateAsync({ id: ceremony.id, value, kcv }).catch(() => null);
    if (!entered) return;
    setValue('');
    check.reset();
    enter.reset();
    showToast({ color: 'success', message: enteredComponent(entered.components.length, entered.components_required) });
  };

  return (
    <Stack
      gap="sm"
      component="form"
      aria-label="Enter your component"
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim()) check.mutate({ algorithm: ceremony.algorithm, value });
      }}
    >
      <Text size="sm">
        Enter component {position} of {ceremony.components_required} from your component form ({KEY_BYTES[ceremony.algorithm] * 2} hex digits; spaces allowed).
        Nobody else should see your screen while you type.
      </Text>
      <PasswordInput
        label="Your component"
        value={value}
        onChange={(event) => edit(event.currentTarget.value)}
        autoComplete="off"
        spellCheck={false}
        // No reveal button: the KCV check is how a typing error is found, without showing the value.
        rightSection={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-autofocus
      />
      {error ? (
        <Alert color="error" variant="light" role="alert" style={{ whiteSpace: 'pre-line' }}>
          {error}
        </Alert>
      ) : null}
      {kcv ? (
        <Alert color="primary" variant="light" role="status" data-testid="component-kcv" title={<>KCV <Code fz="md">{kcv}</Code></>}>
          Compare this KCV with the one on your component form
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button type="submit" variant={kcv ? 'default' : 'filled'} loading={check.isPending} disabled={!value.trim()}>
          Check KCV
        </Button>
        {kcv ? (
          <Button onClick={() => void confirm()} loading={enter.isPending}>
            Confirm component
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
