import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { serverInfoQueryOptions } from '../api/admin.api';

function VersionCard({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="lg">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz="xl" fw={600} mt={4} ff="monospace" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Card>
  );
}

/** Settings › Server status: the versions the server reports for itself and for the web console it serves. */
export function ServerStatusPage() {
  const info = useQuery(serverInfoQueryOptions);

  return (
    <Stack gap="lg" maw={900}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            Server status
          </Title>
          <Text c="dimmed" mt={4}>
            Versions of the running Keydeck server and of the web console it serves.
          </Text>
        </div>
        <Button variant="default" onClick={() => void info.refetch()} loading={info.isFetching}>
          Refresh
        </Button>
      </Group>
      {info.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <VersionCard label="Server version" value={info.data.server_version} testId="server-version" />
          <VersionCard label="Web console version" value={info.data.web_version} testId="web-version" />
        </SimpleGrid>
      ) : info.isPending ? (
        <Group gap="sm">
          <Loader size="sm" aria-label="Loading server status" />
          <Text size="sm" c="dimmed">
            Loading server status…
          </Text>
        </Group>
      ) : (
        <Alert color="error" variant="light" title="The server status could not be loaded">
          {info.error?.message}
        </Alert>
      )}
    </Stack>
  );
}
