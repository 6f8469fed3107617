import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { loginRequest, type AuthInfo, type LoginRequest } from '@keydeck/contract/auth';
import { useLoginMutation } from '../api/auth.api';
import { fieldErrorsFromIssues, loginErrorView, type LoginField, type LoginFieldErrors } from './login-errors';

interface LoginFormProps {
  onSignedIn: (session: AuthInfo) => void;
}

/** Username and password, validated with the contract's loginRequest schema before anything is sent. */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const login = useLoginMutation();
  const serverView = loginErrorView(login.error);
  const errors: LoginFieldErrors = { ...serverView?.fields, ...fieldErrors };

  const change = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = loginRequest.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(fieldErrorsFromIssues(parsed.error));
      return;
    }
    setFieldErrors({});
    login.mutate(parsed.data, { onSuccess: ({ auth_info }) => onSignedIn(auth_info) });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {serverView?.message ? (
          <Alert color="error" variant="light" role="alert" style={{ whiteSpace: 'pre-line' }}>
            {serverView.message}
          </Alert>
        ) : null}
        <TextInput
          label="Username"
          name="username"
          autoComplete="username"
          autoFocus
          value={values.username}
          onChange={change('username')}
          error={errors.username}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          error={errors.password}
        />
        <Button type="submit" fullWidth loading={login.isPending} mt="xs">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
