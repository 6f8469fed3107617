import { useEffect, useRef } from 'react';
import { Alert, Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, getRouteApi } from '@tanstack/react-router';
import { rememberedAccountSlug } from '../../../lib/account-slug';
import { continueTargetOrHome } from '../../../lib/continue-url';
import { useOpenidComplete } from '../api/openid.api';

const route = getRouteApi('/login-group/login/openid/complete');

/**
 * Spec §2 /login/openid/complete: the identity provider sends the browser back here; the page passes its query
 * to the server, which checks it and starts the session, then goes on to the continue target.
 */
export function OpenidCompletePage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const complete = useOpenidComplete();
  // The provider's answer is good for one use: sent once, even when effects run twice in development.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    complete.mutate(search, { onSuccess: ({ continue_uri }) => void navigate({ href: continueTargetOrHome(continue_uri), replace: true }) });
  }, [complete, navigate, search]);

  const slug = rememberedAccountSlug();
  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
      <Title order={1} fz="h3" mb="md">
        {complete.isError ? 'Sign-in failed' : 'Signing you in'}
      </Title>
      {complete.isError ? (
        <Stack gap="md">
          <Alert color="error" variant="light" role="alert">
            {complete.error.message}
          </Alert>
          <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/login" search={slug ? { account_slug: slug } : {}} />}>
            Back to sign-in
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="sm" align="center" py="md" role="status">
          <Loader size="md" aria-hidden />
          <Text size="sm" c="dimmed">
            Checking the answer from your identity provider…
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
