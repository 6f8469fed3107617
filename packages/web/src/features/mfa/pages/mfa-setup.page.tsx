import '@mantine/core/styles/Anchor.css';
import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { continueTargetOrHome } from '../../../lib/continue-url';
import { useSession } from '../../../lib/session';
import { useSignOut } from '../../../lib/sign-out';
import { RecoveryCodesView } from '../components/recovery-codes-view';
import { SecurityKeyRegistration } from '../components/security-key-registration';
import { TotpEnrolment } from '../components/totp-enrolment';

const route = getRouteApi('/login-group/login/mfa/setup');

/**
 * Spec §2: the company enforces multi-factor authentication and this user has none. Every protected page
 * leads here (with continue); the user enrols an authenticator app or a security key, saves the recovery
 * codes, then goes on.
 */
export function MfaSetupPage() {
  const session = useSession();
  const signOut = useSignOut();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [method, setMethod] = useState<'totp' | 'security_key'>('totp');

  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
      <Stack gap="md">
        <Title order={1} fz="h3">
          Multi-factor authentication required
        </Title>
        {codes ? (
          <>
            <Text size="sm">
              {method === 'totp'
                ? 'Your authenticator app is set up. From now on, sign-in asks for its code after your password.'
                : 'Your security key is set up. From now on, sign-in asks you to touch it after your password.'}
            </Text>
            <RecoveryCodesView codes={codes} />
            <Button onClick={() => void navigate({ href: continueTargetOrHome(search.continue) })}>Continue</Button>
          </>
        ) : (
          <>
            <Text size="sm">
              {session?.company.name ?? 'Your company'} requires a second factor. Set up{' '}
              {method === 'totp' ? 'an authenticator app' : 'a security key'} to open the console as{' '}
              {session?.user.name ?? 'this user'}.
            </Text>
            {method === 'totp' ? <TotpEnrolment onEnabled={setCodes} /> : <SecurityKeyRegistration onRegistered={setCodes} />}
            <Group justify="space-between">
              <Anchor component="button" type="button" size="sm" onClick={() => setMethod(method === 'totp' ? 'security_key' : 'totp')}>
                {method === 'totp' ? 'Use a security key instead' : 'Use an authenticator app instead'}
              </Anchor>
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
