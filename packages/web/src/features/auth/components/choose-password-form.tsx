import { useState } from 'react';
import { z } from 'zod';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@keydeck/contract/passwords';
import { FormAlert } from '../../../lib/ui/form-alert';
import { useFormRefusals } from '../../../lib/use-form-refusals';
import { checkNewPassword } from './new-password-schema';

const FIELDS = ['password', 'confirm'] as const;

interface ChoosePasswordFormProps {
  username: string;
  pending: boolean;
  /** Resolves when set; rejects with the server's refusal, which lands on the fields. */
  onSubmit: (password: string) => Promise<unknown>;
}

/** A new password, typed twice, for the user a mailed link names. */
export function ChoosePasswordForm({ username, pending, onSubmit }: ChoosePasswordFormProps) {
  const [values, setValues] = useState({ password: '', confirm: '' });
  const schema = z
    .object({ password: z.string(), confirm: z.string() })
    .superRefine((v, ctx) => checkNewPassword(ctx, { field: 'password', password: v.password, confirm: v.confirm, username }));
  const { formRef, errors, message, clear, submit } = useFormRefusals({
    fields: FIELDS,
    onSubmit: (parsed: { password: string }) => onSubmit(parsed.password),
  });
  const field = (name: (typeof FIELDS)[number]) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      clear(name);
    },
  });

  return (
    <form ref={formRef} noValidate aria-label="Choose a password" onSubmit={(event) => submit(event, () => schema.safeParse(values))}>
      <Stack gap="md">
        <FormAlert message={message} />
        {/* For password managers: the account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <PasswordInput
          label="New password"
          name="password"
          autoComplete="new-password"
          autoFocus
          description={`At least ${PASSWORD_MIN_LENGTH} characters; not a common password and not your username`}
          {...field('password')}
        />
        <PasswordInput label="Repeat the new password" name="confirm" autoComplete="new-password" {...field('confirm')} />
        <Button type="submit" fullWidth loading={pending} mt="xs">
          Set password
        </Button>
      </Stack>
    </form>
  );
}
