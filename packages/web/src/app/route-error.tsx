import { Alert, Button, Center, Stack } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../lib/api-error';

/** A screen that could not load (server unreachable, a chunk failed to download): say so and offer a retry. */
export function RouteError({ error }: ErrorComponentProps) {
  const unreachable = error instanceof ApiError && error.status === null;
  return (
    <Center h="100dvh" p="md">
      <Stack maw={440} gap="md">
        <Alert color="error" title="This page could not be loaded" role="alert">
          {unreachable ? 'Keydeck could not reach the server. Check your connection and try again.' : error instanceof Error ? error.message : 'Something went wrong.'}
        </Alert>
        {/* A full reload also fetches fresh code after a deployment replaced the chunks. */}
        <Button onClick={() => window.location.reload()}>Try again</Button>
      </Stack>
    </Center>
  );
}
