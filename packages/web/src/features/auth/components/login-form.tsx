import { Button, Stack } from '@mantine/core';
import { loginRequest, type AuthInfo } from '@keydeck/contract/auth';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { PasswordField, TextField } from '../../../lib/ui/text-fields';
import { useLoginMutation } from '../api/auth.api';
import { loginErrorView } from './login-errors';

interface LoginFormProps {
  onSignedIn: (session: AuthInfo) => void;
}

/** Username and password, validated with the contract's loginRequest schema before anything is sent. */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const login = useLoginMutation();
  const form = useContractForm({
    schema: loginRequest,
    defaultValues: { username: '', password: '' },
    errorView: loginErrorView,
    onSubmit: async (values) => onSignedIn((await login.mutateAsync(values)).auth_info),
  });

  return (
    <ContractForm form={form} aria-label="Sign in">
      <Stack gap="md">
        <FormAlert />
        <TextField name="username" label="Username" autoComplete="username" autoFocus />
        <PasswordField name="password" label="Password" autoComplete="current-password" />
        <Button type="submit" fullWidth loading={login.isPending} mt="xs">
          Sign in
        </Button>
      </Stack>
    </ContractForm>
  );
}
