import { Alert, Button, Group, Text } from '@mantine/core';

/** What QueryErrorAlert reads of a query (a TanStack Query result has it). */
export interface FailableQuery {
  error: Error | null;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * What a screen shows where its data should be when the query failed (a toast alone is gone in seconds): the
 * server's message and a retry. Nothing while the query has not failed.
 */
export function QueryErrorAlert({ title, query }: { title: string; query: FailableQuery }) {
  if (!query.error) return null;
  return (
    <Alert color="error" variant="light" title={title}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{query.error.message}</Text>
        <Button size="xs" variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
