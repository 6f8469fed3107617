import { Button, Group, Stack, Text } from '@mantine/core';
import { securityKeyNameRequest } from '@keydeck/contract/security-keys';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-fields';
import { useRegisterSecurityKey } from '../api/security-keys.api';

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
  const form = useContractForm({
    schema: securityKeyNameRequest,
    defaultValues: { name: '' },
    onSubmit: async (values) => onRegistered((await register.mutateAsync(values.name)).recovery_codes),
  });
  return (
    <ContractForm form={form} aria-label="Add security key">
      <Stack gap="sm" maw={420}>
        <FormAlert />
        <TextField
          name="name"
          label="Key name"
          description="To tell your keys apart, for example “Blue USB key”."
          autoComplete="off"
          maxLength={100}
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
    </ContractForm>
  );
}
