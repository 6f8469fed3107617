import { z } from 'zod';
import { Button, Stack } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@keydeck/contract/passwords';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { PasswordField } from '../../../lib/ui/text-fields';
import { checkNewPassword } from '../../../lib/new-password';

interface ChoosePasswordFormProps {
  username: string;
  pending: boolean;
  /** Resolves when set; rejects with the server's refusal, which lands on the fields. */
  onSubmit: (password: string) => Promise<unknown>;
}

/** A new password, typed twice, for the user a mailed link names. */
export function ChoosePasswordForm({ username, pending, onSubmit }: ChoosePasswordFormProps) {
  const form = useContractForm({
    schema: z
      .object({ password: z.string(), confirm: z.string() })
      .superRefine((v, ctx) => checkNewPassword(ctx, { field: 'password', password: v.password, confirm: v.confirm, username })),
    defaultValues: { password: '', confirm: '' },
    onSubmit: ({ password }) => onSubmit(password),
  });

  return (
    <ContractForm form={form} aria-label="Choose a password">
      <Stack gap="md">
        <FormAlert />
        {/* For password managers: the account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <PasswordField
          name="password"
          label="New password"
          autoComplete="new-password"
          autoFocus
          description={`At least ${PASSWORD_MIN_LENGTH} characters; not a common password and not your username`}
        />
        <PasswordField name="confirm" label="Repeat the new password" autoComplete="new-password" />
        <Button type="submit" fullWidth loading={pending} mt="xs">
          Set password
        </Button>
      </Stack>
    </ContractForm>
  );
}
