import '@mantine/core/styles/Anchor.css';
import { useEffect, useRef } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useConfirmRegistration } from '../api/registration.api';

/** The mailed link's step: confirms once when the page opens, then offers the new account's sign-in page. */
export function RegistrationConfirm({ token }: { token: string }) {
  const confirm = useConfirmRegistration();
  const { mutate } = confirm;
  // The link works once: never confirm twice, even when an effect runs again.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  if (confirm.isError) {
    return (
      <Stack gap="md">
        <Alert color="error" variant="light" role="alert" title="The account was not created">
          {confirm.error.message}
        </Alert>
        <Group justify="center">
          <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/register" />}>
            Register again
          </Anchor>
        </Group>
      </Stack>
    );
  }
  if (!confirm.data) return <Loader size="sm" aria-label="Creating the account" mx="auto" display="block" />;

  const { account, username } = confirm.data;
  const signIn = { account_slug: account.account_slug };
  return (
    <Stack gap="md">
      <Alert color="success" variant="light" role="status" title="Your account is ready">
        {account.name} is set up, with {username} as its administrator. Sign in with the password you chose.
      </Alert>
      <Text size="sm">
        Your sign-in page:{' '}
        <Anchor renderRoot={(props) => <Link {...props} to="/login" search={signIn} />} style={{ overflowWrap: 'anywhere' }}>
          {`${window.location.origin}/login?account_slug=${account.account_slug}`}
        </Anchor>
      </Text>
      <Text size="sm">
        Account code:{' '}
        <Text span ff="monospace" fw={600}>
          {account.account_code}
        </Text>{' '}
        <Text span c="dimmed" size="sm">
          (your users need it to reset a forgotten password)
        </Text>
      </Text>
      <Button fullWidth renderRoot={(props) => <Link {...props} to="/login" search={signIn} />}>
        Sign in
      </Button>
    </Stack>
  );
}
