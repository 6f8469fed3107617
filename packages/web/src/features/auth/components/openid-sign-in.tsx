import '@mantine/core/styles/Divider.css';
import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { continueTargetOrHome } from '../../../lib/continue-url';
import { openidProvidersQueryOptions, useOpenidStart } from '../api/openid.api';

interface OpenidSignInProps {
  accountSlug: string;
  /** Where to go once signed in (the login page's continue), checked again by the server. */
  continueTo: string | undefined;
  /** The only way in (the account does not allow passwords): no "or" above the buttons. */
  alone: boolean;
}

/**
 * "Sign in with <provider>" for each identity provider the account offers; nothing when it offers none, unless
 * it is the only way in, which then says that nothing is available.
 */
export function OpenidSignIn({ accountSlug, continueTo, alone }: OpenidSignInProps) {
  const providers = useQuery(openidProvidersQueryOptions(accountSlug));
  const start = useOpenidStart();
  const options = providers.data?.data ?? [];
  if (options.length === 0) {
    return alone && providers.data ? (
      <Alert color="warning" variant="light">
        This account offers no way to sign in right now. Ask your administrator.
      </Alert>
    ) : null;
  }

  const signIn = (providerId: string) => {
    start.mutate(
      { openid_provider_id: providerId, continue_uri: continueTargetOrHome(continueTo) },
      { onSuccess: ({ location }) => window.location.assign(location) },
    );
  };

  return (
    <Stack gap="sm" mt={alone ? 0 : 'lg'}>
      {alone ? null : <Divider label="or" labelPosition="center" />}
      {options.map((provider) => (
        <Button
          key={provider.id}
          variant="default"
          fullWidth
          // Stays busy until the browser has left for the provider.
          loading={start.variables?.openid_provider_id === provider.id && (start.isPending || start.isSuccess)}
          onClick={() => signIn(provider.id)}
        >
          Sign in with {provider.name}
        </Button>
      ))}
    </Stack>
  );
}
