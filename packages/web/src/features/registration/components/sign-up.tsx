import '@mantine/core/styles/Anchor.css';
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { RegistrationRequest } from '@keydeck/contract/registration';
import { useRegister } from '../api/registration.api';
import { RegistrationForm } from './registration-form';

/** The sign-up form, then "check your email" once the sign-up is recorded; a marketplace sign-up carries its token. */
export function SignUp({ marketplace }: { marketplace?: RegistrationRequest['marketplace'] }) {
  const registration = useRegister();
  const backToSignIn = (
    <Group justify="center" gap={6}>
      <Text size="sm" c="dimmed">
        Already have an account?
      </Text>
      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/login" />}>
        Sign in
      </Anchor>
    </Group>
  );

  if (registration.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="success" variant="light" role="status" title="Check your email">
          {registration.data.message}
        </Alert>
        <Text size="sm" c="dimmed">
          We sent the link to {registration.variables.email}. No mail? Check the spam folder, or register again.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <RegistrationForm pending={registration.isPending} onSubmit={(values) => registration.mutateAsync({ ...values, ...(marketplace ? { marketplace } : {}) })} />
      {backToSignIn}
    </Stack>
  );
}
