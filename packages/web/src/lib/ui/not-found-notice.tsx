import { Alert, Button, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ApiError } from '../api-error';

/** A query's failure that means "nothing there" to the reader: a 404 (the server answers a malformed id so too). */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * Shown in place of a detail screen whose object does not exist (a mistyped or outdated link), with a way back,
 * so the reader is not left with a bare error.
 */
export function NotFoundNotice({ message, backTo, backLabel }: { message: string; backTo: string; backLabel: string }) {
  return (
    <Stack maw={560} gap="md">
      <Title order={1} fz="h2">
        Not found
      </Title>
      <Alert color="primary" variant="light">
        {message}
      </Alert>
      <Button component={Link} to={backTo} variant="default" w="fit-content">
        {backLabel}
      </Button>
    </Stack>
  );
}
