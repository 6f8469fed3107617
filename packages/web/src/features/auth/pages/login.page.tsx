import '@mantine/core/styles/Anchor.css';
import { useEffect } from 'react';
import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
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
  // Back at the login page without the query (after sign-out, say), the account is still known.
  const accountSlug = search.account_slug ?? rememberedAccountSlug();
  const options = useQuery({ ...openidProvidersQueryOptions(accountSlug ?? ''), enabled: Boolean(accountSlug) });
  // The password form stays unless the account says it does not allow passwords.
  const passwordAllowed = options.data?.allowed_flows.password !== false;

  useEffect(() => {
    if (search.account_slug) rememberAccountSlug(search.account_slug);
  }, [search.account_slug]);

  const signedIn = (session: AuthInfo) => {
    // Spec §4: a pending second factor is not a session yet; each factor's step has its own page.
    if (session.next_factor) {
      const to = session.next_factor === 'u2f' ? '/login/u2f/complete' : '/login/totp/complete';
      void navigate({ to, search: search.continue ? { continue: search.continue } : {} });
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
      {passwordAllowed ? (
        <>
          <LoginForm onSignedIn={signedIn} />
          <Group justify="center" mt="md">
            <Anchor
              size="sm"
              renderRoot={(props) => <Link {...props} to="/forgot" search={{ continue: search.continue, account_code: accountSlug ?? undefined }} />}
            >
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
