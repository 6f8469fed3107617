import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.css';
import type { ReactNode } from 'react';
import { DonutChart } from '@mantine/charts';
import { Center, ColorSwatch, Group, Paper, Stack, Text, Title } from '@mantine/core';

interface ChartCardProps {
  title: string;
  /** What is counted and in what unit ("Cloud HSMs per day, last 30 days"). */
  units: string;
  /** False shows the empty state instead of the chart: nothing recorded yet. */
  hasData: boolean;
  /** What the empty state says will appear here. */
  emptyText: string;
  children: ReactNode;
}

/** One chart of a dashboard: its title and units above it, or a plain empty state before there is data. */
export function ChartCard({ title, units, hasData, emptyText, children }: ChartCardProps) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title} h="100%">
      <Stack gap="sm" h="100%">
        <div>
          <Title order={2} fz="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {units}
          </Text>
        </div>
        {hasData ? (
          children
        ) : (
          <Center mih={180} style={{ flex: 1 }}>
            <Text size="sm" c="dimmed" ta="center" maw={320} data-testid="chart-empty">
              No data yet. {emptyText}
            </Text>
          </Center>
        )}
      </Stack>
    </Paper>
  );
}

/** One figure with its label (the queue's depth, the accounts with cloud services). */
export function StatCard({ label, value, hint }: { label: string; value: number; hint: string }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={32} fw={700} lh={1.2} mt={4}>
        {value.toLocaleString('en-US')}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

export interface DonutSlice {
  name: string;
  value: number;
  color: string;
}

/** A donut with the total in its middle and a legend that states every slice's figure in words. */
export function DonutWithLegend({ slices: all, unit }: { slices: DonutSlice[]; unit: string }) {
  const slices = all.filter((slice) => slice.value > 0);
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <Group gap="xl" align="center" wrap="wrap">
      <DonutChart
        data={slices}
        size={170}
        thickness={28}
        // One slice is a whole ring: a stroke would cut it where it starts.
        strokeWidth={slices.length > 1 ? 1 : 0}
        chartLabel={`${total.toLocaleString('en-US')} ${unit}`}
        tooltipDataSource="segment"
      />
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {slices.map((slice) => (
          <Group key={slice.name} gap="xs" component="li" wrap="nowrap">
            <ColorSwatch color={`var(--mantine-color-${slice.color.replace('.', '-')})`} size={12} withShadow={false} />
            <Text size="sm">
              {slice.name}: <strong>{slice.value.toLocaleString('en-US')}</strong>
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}
