import { useEffect } from 'react';
import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { LinkInvalid } from '../components/link-invalid';
import { useTokenCheck } from '../components/use-token-check';

const route = getRouteApi('/login-group/forgot/verify');

/** /forgot/verify: checks a mailed link and, while it works, goes on to choosing the password. */
export function ForgotVerifyPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { info, invalid } = useTokenCheck(search.token);

  useEffect(() => {
    if (info) void navigate({ to: '/forgot/reset', search, replace: true });
  }, [info, navigate, search]);

  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
      <Title order={1} fz="h3" mb="md">
        Checking your link
      </Title>
      {invalid ? (
        <LinkInvalid continueTo={search.continue} />
      ) : (
        <Stack align="center" gap="xs">
          <Loader size="sm" aria-label="Checking the link" />
          <Text size="sm" c="dimmed">
            One moment…
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
