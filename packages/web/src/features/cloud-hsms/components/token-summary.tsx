import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CloudHsmDetail, CloudHsmHealthSample } from '@keydeck/contract/cloud-hsms';
import { formatTimeAgo } from '../../../lib/datetime';
import { formatBytes } from './cloud-hsm-text';

/** The classes of object a sample counts, as people call them. */
const BY_CLASS = [
  ['secret_keys', 'Secret keys'],
  ['private_keys', 'Private keys'],
  ['public_keys', 'Public keys'],
  ['certificates', 'Certificates'],
] as const satisfies readonly (readonly [keyof CloudHsmHealthSample, string])[];

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="lg" fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** The token at its latest sample: partitions, objects, sessions and memory, and where it runs. */
export function TokenSummary({ hsm }: { hsm: CloudHsmDetail }) {
  const sample = hsm.latest_sample;
  // A token that answers but keeps a figure to itself (SoftHSM2 does for sessions and memory) says so.
  const missing = sample?.reachable ? 'Not reported' : '—';
  const memory =
    sample?.free_memory == null ? missing : sample.total_memory == null ? formatBytes(sample.free_memory) : `${formatBytes(sample.free_memory)} of ${formatBytes(sample.total_memory)}`;
  const sessions =
    sample?.sessions == null ? missing : sample.max_sessions != null && sample.max_sessions > 0 ? `${sample.sessions} of ${sample.max_sessions}` : String(sample.sessions);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="token-heading">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id="token-heading">
            Token
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {sample
              ? `Last sampled ${formatTimeAgo(sample.sampled_at)}${sample.reachable ? '' : `: ${sample.error ?? 'the token did not answer'}`}.`
              : 'Not sampled yet.'}
          </Text>
        </div>
        <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
          <Fact label="Partitions" value={String(hsm.partitions)} testId="token-partitions" />
          <Fact label="Objects" value={hsm.objects === null ? '—' : String(hsm.objects)} testId="token-objects" />
          <Fact label="Sessions" value={sessions} />
          <Fact label="Free memory" value={memory} />
        </SimpleGrid>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={4}>
            Objects by class
          </Text>
          <SimpleGrid cols={4} spacing="xs" data-testid="objects-by-class">
            {BY_CLASS.map(([key, label]) => (
              <div key={key}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text size="sm" fw={600}>
                  {sample?.reachable && sample[key] !== null ? sample[key] : '—'}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </div>
        <Text size="xs" c="dimmed">
          Serial {hsm.token_serial ?? 'not assigned yet'} ·{' '}
          {hsm.provisioner ? `provisioner ${hsm.provisioner.name} (${hsm.provisioner.state === 'Up' ? 'up' : 'down'})` : 'no provisioner yet'}
        </Text>
      </Stack>
    </Card>
  );
}
