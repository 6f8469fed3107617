import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../../lib/session';
import { useSignOut } from '../components/use-sign-out';

/**
 * Spec §2: the company enforces multi-factor authentication and this user has none. Every protected
 * page leads here (with continue) until a factor is enrolled; enrolment itself is its own screen.
 */
export function MfaSetupPage() {
  const session = useSession();
  const signOut = useSignOut();

  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
      <Stack gap="md">
        <Title order={1} fz="h3">
          Multi-factor authentication required
        </Title>
        <Text size="sm">
          {session?.company.name ?? 'Your company'} requires every user to sign in with a second factor, such as an
          authenticator app or a security key. Your account has none yet, so the console stays closed until one is set
          up. Contact your company administrator if you need help.
        </Text>
        <Alert color="info" variant="light">
          Signed in as {session?.user.name ?? 'unknown user'}. Sign out to use another account.
        </Alert>
        <Button variant="default" onClick={signOut.run} loading={signOut.pending}>
          Sign out
        </Button>
      </Stack>
    </Paper>
  );
}
