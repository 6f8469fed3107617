import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Skeleton.css';
import { BarChart } from '@mantine/charts';
import { Anchor, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { z } from 'zod';
import type { setupIntentStats } from '@keydeck/contract/billing';
import { formatDateTime } from '../../../lib/datetime';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { setupIntentStatsQueryOptions } from '../api/payments.api';
import { SETUP_INTENT_PERIODS } from '../billing.search';
import { BillingQueryAlert } from '../components/billing-query-alert';
import { perDayRows, SETUP_INTENT_SERIES, setupIntentStateLabel } from '../components/setup-intent-series';

type Attention = z.infer<typeof setupIntentStats>['attention'][number];

const route = getRouteApi('/shell/admin-dashboards/cryptohub_setuptintents');

const columns: DataTableColumn<Attention>[] = [
  {
    key: 'account',
    title: 'Account',
    render: (a) => (
      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/v2/admin/company-management/accounts/$account_id/stripe" params={{ account_id: a.account.id }} />}>
        {a.account.name}
      </Anchor>
    ),
  },
  { key: 'status', title: 'State', render: (a) => setupIntentStateLabel(a.status) },
  { key: 'error', title: 'Last error', render: (a) => a.last_error ?? '—' },
  { key: 'created', title: 'Started', render: (a) => formatDateTime(a.created_at) },
  { key: 'updated', title: 'Last change', render: (a) => formatDateTime(a.updated_at) },
  { key: 'id', title: 'SetupIntent', render: (a) => <Text size="xs" ff="monospace">{a.id}</Text> },
];

/** Admin dashboards › Card setups: customers adding cards, per day and state, and the setups stuck or failed. */
export function SetupIntentsDashboardPage() {
  const { days } = route.useSearch();
  const navigate = route.useNavigate();
  const period = Number(days);
  const stats = useQuery(setupIntentStatsQueryOptions(period));
  const attention = useQuery({ ...setupIntentStatsQueryOptions(period), select: ({ attention: data }) => ({ data, total: data.length }) });
  const rows = stats.data ? perDayRows(stats.data.days, period) : [];
  const total = stats.data?.days.reduce((sum, day) => sum + Object.values(day.counts).reduce((a, b) => a + b, 0), 0) ?? 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz="h2">
            Card setups
          </Title>
          <Text c="dimmed" mt={4}>
            Customers adding a card (Stripe SetupIntents): how many each day, in which state they ended, and which need attention.
          </Text>
        </div>
        <SegmentedControl
          aria-label="Period"
          data={SETUP_INTENT_PERIODS.map((value) => ({ value, label: `${value} days` }))}
          value={days}
          onChange={(value) => void navigate({ search: { days: value as (typeof SETUP_INTENT_PERIODS)[number] } })}
        />
      </Group>
      <BillingQueryAlert what="The card setups" query={stats} />
      <Paper withBorder p="md" component="section" aria-label="Card setups per day">
        <Title order={2} fz="h4">
          Card setups per day
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          SetupIntents started per day (UTC) by their state now, the last {period} days
        </Text>
        {stats.isPending ? (
          <Skeleton height={260} radius="md" />
        ) : total === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="xl" data-testid="chart-empty">
            No data yet. Card setups appear here once customers add cards.
          </Text>
        ) : (
          <BarChart h={260} data={rows} dataKey="day" type="stacked" series={SETUP_INTENT_SERIES} withLegend yAxisProps={{ allowDecimals: false }} maxBarWidth={40} />
        )}
      </Paper>
      <section aria-labelledby="attention-heading">
        <Title order={2} fz="h4" id="attention-heading">
          Needing attention
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Setups unfinished for an hour or more, and those that failed.
        </Text>
        <DataTable label="Card setups needing attention" columns={columns} query={attention} rowKey={(a) => a.id} emptyText="Nothing needs attention." minWidth={900} />
      </section>
    </Stack>
  );
}
