import '@mantine/core/styles/Divider.css';
import { Button, Divider, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { continueTargetOrHome } from '../../../lib/continue-url';
import { openidProvidersQueryOptions, useOpenidStart } from '../api/openid.api';

interface OpenidSignInProps {
  accountSlug: string;
  /** Where to go once signed in (the login page's continue), checked again by the server. */
  continueTo: string | undefined;
}

/** "Sign in with <provider>" for each identity provider the account offers; nothing when it offers none. */
export function OpenidSignIn({ accountSlug, continueTo }: OpenidSignInProps) {
  const providers = useQuery(openidProvidersQueryOptions(accountSlug));
  const start = useOpenidStart();
  const options = providers.data?.data ?? [];
  if (options.length === 0) return null;

  const signIn = (providerId: string) => {
    start.mutate(
      { openid_provider_id: providerId, continue_uri: continueTargetOrHome(continueTo) },
      { onSuccess: ({ location }) => window.location.assign(location) },
    );
  };

  return (
    <Stack gap="sm" mt="lg">
      <Divider label="or" labelPosition="center" />
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
