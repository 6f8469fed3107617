import '@mantine/core/styles/Input.css';
import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { securityKeyNameRequest, type SecurityKeyNameRequest } from '@keydeck/contract/security-keys';
import { FormAlert } from '../../../lib/ui/form-alert';
import { useFormRefusals } from '../../../lib/use-form-refusals';
import { useRegisterSecurityKey } from '../api/security-keys.api';

const FIELDS = ['name'] as const;

interface SecurityKeyRegistrationProps {
  /** Called with the recovery codes the first factor issued (empty when the user already had codes). */
  onRegistered: (recoveryCodes: string[]) => void;
  onCancel?: () => void;
}

/**
 * Adding a security key: a name to tell keys apart, then the browser asks the user to touch the key.
 * Used by the settings screen and by the forced set-up page.
 */
export function SecurityKeyRegistration({ onRegistered, onCancel }: SecurityKeyRegistrationProps) {
  const register = useRegisterSecurityKey();
  const [name, setName] = useState('');
  const { formRef, errors, message, clear, submit } = useFormRefusals<(typeof FIELDS)[number], SecurityKeyNameRequest>({
    fields: FIELDS,
    onSubmit: async (values) => onRegistered((await register.mutateAsync(values.name)).recovery_codes),
  });
  return (
    <form ref={formRef} noValidate aria-label="Add security key" onSubmit={(event) => submit(event, () => securityKeyNameRequest.safeParse({ name }))}>
      <Stack gap="sm" maw={420}>
        <FormAlert message={message} />
        <TextInput
          label="Key name"
          description="To tell your keys apart, for example “Blue USB key”."
          name="name"
          autoComplete="off"
          maxLength={100}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            clear('name');
          }}
          error={errors.name}
        />
        {register.isPending ? <Text size="sm">Touch your security key when it blinks…</Text> : null}
        <Group gap="xs">
          <Button type="submit" loading={register.isPending}>
            Add security key
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={register.isPending}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
