import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CLOUD_HSM_HEALTH_STATES, CLOUD_HSM_STATUS_LABELS, type CloudOverview } from '@keydeck/contract/cloud-hsms';
import { CLOUD_HSM_STATUSES } from '@keydeck/contract/cloud-hsms-queries';
import { useSession } from '../../../lib/session';
import { accountServicesQueryOptions, cloudOverviewQueryOptions } from '../api/cloud-hsms.api';
import { CloudHsmStatusBadge, HealthBadge } from '../components/cloud-hsm-badges';
import { plural } from '../components/cloud-hsm-text';
import { HubClusters, HubInFlight } from '../components/hub-tables';
import { HubServices } from '../components/hub-services';

/**
 * /chc, the hub product's landing for the account: its cloud HSMs and clusters at a glance (counts by status and
 * health, provisioning in flight, clusters with their members' states) and the services that hold them.
 */
export function CloudHubPage() {
  const accountId = useSession()?.user.account_id ?? '';
  const overview = useQuery({ ...cloudOverviewQueryOptions(accountId), enabled: accountId !== '' });
  const services = useQuery(accountServicesQueryOptions());

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          Cloud HSMs
        </Title>
        <Text c="dimmed" mt={4} maw={760}>
          Your account&apos;s cloud HSMs and clusters at a glance. Open a Cloud HSMs service to request or manage HSMs, or a Cluster Management
          service to keep several HSMs&apos; keys in step.
        </Text>
      </div>
      {overview.isError ? (
        <Alert color="error" variant="light" title="Your cloud HSMs could not be loaded">
          {overview.error.message}
        </Alert>
      ) : overview.data ? (
        <Counts overview={overview.data} />
      ) : (
        <Skeleton height={96} aria-label="Loading your cloud HSMs" />
      )}
      <HubServices services={services} clusters={overview.data?.clusters ?? []} />
      {overview.data ? (
        <>
          <HubInFlight rows={overview.data.in_flight} />
          <HubClusters clusters={overview.data.clusters} services={services.data?.data ?? []} />
        </>
      ) : null}
    </Stack>
  );
}

/** How many HSMs there are, by status and by health; statuses with none are left out. */
function Counts({ overview }: { overview: CloudOverview }) {
  const { hsms } = overview;
  const statuses = CLOUD_HSM_STATUSES.filter((status) => status !== 'Deprovisioned' && (hsms.by_status[status] ?? 0) > 0);
  const health = CLOUD_HSM_HEALTH_STATES.filter((state) => (hsms.by_health[state] ?? 0) > 0);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Card withBorder padding="md">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          Cloud HSMs
        </Text>
        <Text fz={32} fw={700} lh={1.2} data-testid="hub-total">
          {hsms.total}
        </Text>
        <Text size="sm" c="dimmed">
          Not deprovisioned · {plural(overview.clusters.length, 'cluster')}
        </Text>
      </Card>
      <Card withBorder padding="md" aria-label="By status">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb="xs">
          By status
        </Text>
        {statuses.length === 0 ? (
          <Text size="sm" c="dimmed">
            None yet
          </Text>
        ) : (
          <Stack gap={6}>
            {statuses.map((status) => (
              <Group key={status} justify="space-between" gap="xs">
                <CloudHsmStatusBadge status={status} />
                <Text size="sm" fw={600} aria-label={`${CLOUD_HSM_STATUS_LABELS[status]}: ${hsms.by_status[status]}`}>
                  {hsms.by_status[status]}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
      <Card withBorder padding="md" aria-label="By health">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb="xs">
          By health
        </Text>
        {health.length === 0 ? (
          <Text size="sm" c="dimmed">
            None yet
          </Text>
        ) : (
          <Stack gap={6}>
            {health.map((state) => (
              <Group key={state} justify="space-between" gap="xs">
                <HealthBadge state={state} />
                <Text size="sm" fw={600}>
                  {hsms.by_health[state]}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
    </SimpleGrid>
  );
}
