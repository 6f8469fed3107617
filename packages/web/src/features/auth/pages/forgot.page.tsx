import '@mantine/core/styles/Input.css';
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, getRouteApi } from '@tanstack/react-router';
import { passwordResetRequest, type PasswordResetRequest } from '@keydeck/contract/passwords';
import { FormAlert } from '../../../lib/ui/form-alert';
import { useFormRefusals } from '../../../lib/use-form-refusals';
import { useRequestPasswordReset } from '../api/passwords.api';

const route = getRouteApi('/login-group/forgot');
const FIELDS = ['username', 'account_code'] as const;

/** /forgot: asks for a reset link by username and account code (spec §7: POST user/password/reset). */
export function ForgotPage() {
  const search = route.useSearch();
  const [values, setValues] = useState<PasswordResetRequest>({ username: search.username ?? '', account_code: search.account_code ?? '' });
  const reset = useRequestPasswordReset();
  const { formRef, errors, message, clear, submit } = useFormRefusals({ fields: FIELDS, onSubmit: (body: PasswordResetRequest) => reset.mutateAsync(body) });
  const backToSignIn = (
    <Group justify="center">
      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/login" search={{ continue: search.continue }} />}>
        Back to sign in
      </Anchor>
    </Group>
  );

  const field = (name: (typeof FIELDS)[number]) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: FormEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      clear(name);
    },
  });

  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
      <Title order={1} fz="h3" mb={4}>
        Forgot your password?
      </Title>
      {reset.isSuccess ? (
        <Stack gap="md" mt="md">
          <Alert color="success" variant="light" role="status" title="Check your email">
            {reset.data.message}
          </Alert>
          {backToSignIn}
        </Stack>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="lg">
            Enter your username and your company's account code. We email you a link to choose a new password.
          </Text>
          <form ref={formRef} noValidate aria-label="Reset password" onSubmit={(event) => submit(event, () => passwordResetRequest.safeParse(values))}>
            <Stack gap="md">
              <FormAlert message={message} />
              <TextInput label="Username" name="username" autoComplete="username" autoFocus {...field('username')} />
              <TextInput
                label="Account code"
                name="account_code"
                autoComplete="organization"
                description="Your administrator can tell you: it is on the company's General settings page"
                {...field('account_code')}
              />
              <Button type="submit" fullWidth loading={reset.isPending} mt="xs">
                Email me a link
              </Button>
              {backToSignIn}
            </Stack>
          </form>
        </>
      )}
    </Paper>
  );
}
