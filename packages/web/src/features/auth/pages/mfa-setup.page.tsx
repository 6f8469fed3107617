import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { continueTargetOrHome } from '../../../lib/continue-url';
import { useSession } from '../../../lib/session';
import { RecoveryCodesView } from '../../mfa/components/recovery-codes-view';
import { TotpEnrolment } from '../../mfa/components/totp-enrolment';
import { useSignOut } from '../components/use-sign-out';

const route = getRouteApi('/login-group/login/mfa/setup');

/**
 * Spec §2: the company enforces multi-factor authentication and this user has none. Every protected page
 * leads here (with continue); the user enrols an authenticator app, saves the recovery codes, then goes on.
 */
export function MfaSetupPage() {
  const session = useSession();
  const signOut = useSignOut();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
      <Stack gap="md">
        <Title order={1} fz="h3">
          Multi-factor authentication required
        </Title>
        {codes ? (
          <>
            <Text size="sm">Your authenticator app is set up. From now on, sign-in asks for its code after your password.</Text>
            <RecoveryCodesView codes={codes} />
            <Button onClick={() => void navigate({ href: continueTargetOrHome(search.continue) })}>Continue</Button>
          </>
        ) : (
          <>
            <Text size="sm">
              {session?.company.name ?? 'Your company'} requires a second factor. Set up an authenticator app to open the
              console as {session?.user.name ?? 'this user'}.
            </Text>
            <TotpEnrolment onEnabled={setCodes} />
            <Group justify="flex-end">
              <Button variant="subtle" onClick={signOut.run} loading={signOut.pending}>
                Sign out
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
