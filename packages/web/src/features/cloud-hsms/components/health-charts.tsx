import '@mantine/charts/styles.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import type { ReactNode } from 'react';
import { AreaChart, LineChart } from '@mantine/charts';
import { Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CloudHsmHealthSample } from '@keydeck/contract/cloud-hsms';
import { cloudHsmHealthQueryOptions } from '../api/cloud-hsm-management.api';
import { HEALTH_RANGES, type HealthRange } from '../cloud-hsms.search';
import { formatBytes } from './cloud-hsm-text';

const RANGE_LABELS: Record<HealthRange, string> = { '1h': '1 h', '6h': '6 h', '24h': '24 h' };
const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export interface HealthPoint {
  time: string;
  objects: number | null;
  sessions: number | null;
  free_memory: number | null;
}

/** Samples as chart points; a sample that could not reach the token is a gap, not a zero. */
export function healthPoints(samples: CloudHsmHealthSample[]): HealthPoint[] {
  return samples.map((sample) => ({
    time: time.format(new Date(sample.sampled_at)),
    objects: sample.reachable ? sample.objects : null,
    sessions: sample.reachable ? sample.sessions : null,
    free_memory: sample.reachable ? sample.free_memory : null,
  }));
}

const CHART_HEIGHT = 180;

/** One series' chart; a series the token never reported in the range says so instead of drawing an empty frame. */
function Chart({ title, reported, children }: { title: string; reported: boolean; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="figure" m={0} aria-label={title}>
      <Text size="sm" fw={600} mb="xs" component="figcaption">
        {title}
      </Text>
      {reported ? (
        children
      ) : (
        <Text size="sm" c="dimmed" h={CHART_HEIGHT} ta="center" pt={CHART_HEIGHT / 2 - 20}>
          This token does not report its {title.toLowerCase()}.
        </Text>
      )}
    </Card>
  );
}

/** Objects, sessions and free memory over the chosen range, from the token's own answers. */
export function HealthCharts({ hsmId, range, onRange }: { hsmId: string; range: HealthRange; onRange: (range: HealthRange) => void }) {
  const health = useQuery(cloudHsmHealthQueryOptions(hsmId, range));
  const points = healthPoints(health.data ?? []);
  const gaps = (health.data ?? []).filter((sample) => !sample.reachable).length;
  const reported = (key: keyof Omit<HealthPoint, 'time'>) => points.some((point) => point[key] !== null);
  const common = { h: CHART_HEIGHT, data: points, dataKey: 'time', curveType: 'stepAfter' as const, withDots: points.length < 40, connectNulls: false };

  return (
    <Stack gap="sm" component="section" aria-labelledby="health-heading">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2} fz="h4" id="health-heading">
            Health
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Read from the token on a schedule. {gaps > 0 ? `${gaps} sample${gaps === 1 ? '' : 's'} could not reach it (gaps in the lines).` : ''}
          </Text>
        </div>
        <SegmentedControl
          aria-label="Time range"
          size="xs"
          value={range}
          onChange={(value) => onRange(value as HealthRange)}
          data={HEALTH_RANGES.map((value) => ({ value, label: RANGE_LABELS[value] }))}
        />
      </Group>
      {health.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={230} />
          ))}
        </SimpleGrid>
      ) : points.length === 0 ? (
        <Card withBorder padding="lg">
          <Text size="sm" c="dimmed" ta="center">
            No samples in the last {RANGE_LABELS[range]} yet.
          </Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }} style={{ opacity: health.isPlaceholderData ? 0.6 : 1 }}>
          <Chart title="Objects" reported={reported('objects')}>
            <LineChart {...common} series={[{ name: 'objects', label: 'Objects', color: 'primary.7' }]} yAxisProps={{ allowDecimals: false }} />
          </Chart>
          <Chart title="Sessions" reported={reported('sessions')}>
            <LineChart {...common} series={[{ name: 'sessions', label: 'Sessions', color: 'info.8' }]} yAxisProps={{ allowDecimals: false }} />
          </Chart>
          <Chart title="Free memory" reported={reported('free_memory')}>
            <AreaChart
              {...common}
              curveType="linear"
              series={[{ name: 'free_memory', label: 'Free memory', color: 'success.8' }]}
              valueFormatter={formatBytes}
              yAxisProps={{ width: 70 }}
            />
          </Chart>
        </SimpleGrid>
      )}
    </Stack>
  );
}
