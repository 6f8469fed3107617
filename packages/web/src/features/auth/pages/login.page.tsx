import '@mantine/core/styles/Anchor.css';
import { useEffect, useState } from 'react';
import { Alert, Anchor, Group, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import type { AuthInfo } from '@keydeck/contract/auth';
import { rememberAccountSlug, rememberedAccountSlug } from '../../../lib/account-slug';
import { continueTargetOrHome } from '../../../lib/continue-url';
import { openidProvidersQueryOptions } from '../api/openid.api';
import { LoginForm } from '../components/login-form';
import { OpenidSignIn } from '../components/openid-sign-in';

const route = getRouteApi('/login-group/login');

export function LoginPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const [pendingFactor, setPendingFactor] = useState<AuthInfo['next_factor']>(null);
  // Back at the login page without the query (after sign-out, say), the account is still known.
  const accountSlug = search.account_slug ?? rememberedAccountSlug();
  const options = useQuery({ ...openidProvidersQueryOptions(accountSlug ?? ''), enabled: Boolean(accountSlug) });
  // The password form stays unless the account says it does not allow passwords.
  const passwordAllowed = options.data?.allowed_flows.password !== false;

  useEffect(() => {
    if (search.account_slug) rememberAccountSlug(search.account_slug);
  }, [search.account_slug]);

  const signedIn = (session: AuthInfo) => {
    // Spec §4: a pending second factor is not a session yet; the TOTP step has its own page.
    if (session.next_factor === 'totp') {
      void navigate({ to: '/login/totp/complete', search: search.continue ? { continue: search.continue } : {} });
      return;
    }
    if (!session.fully_logged_in) {
      setPendingFactor(session.next_factor);
      return;
    }
    void navigate({ href: continueTargetOrHome(search.continue) });
  };

  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
      <Title order={1} fz="h3" mb={4}>
        Sign in
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        {accountSlug
          ? `Account: ${accountSlug}${passwordAllowed ? '' : ' · sign in with your identity provider'}`
          : 'Use the username and password your administrator gave you.'}
      </Text>
      {pendingFactor ? (
        <Alert color="warning" variant="light" role="alert" mb="md">
          This account also needs its security key, which this console cannot use yet. Ask your administrator for
          help.
        </Alert>
      ) : null}
      {passwordAllowed ? (
        <>
          <LoginForm onSignedIn={signedIn} />
          <Group justify="center" mt="md">
            <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/forgot" search={{ continue: search.continue }} />}>
              Forgot password?
            </Anchor>
          </Group>
        </>
      ) : null}
      {accountSlug ? <OpenidSignIn accountSlug={accountSlug} continueTo={search.continue} alone={!passwordAllowed} /> : null}
      <Text size="sm" c="dimmed" ta="center" mt="lg">
        New company?{' '}
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/register" />}>
          Create an account
        </Anchor>
      </Text>
    </Paper>
  );
}
