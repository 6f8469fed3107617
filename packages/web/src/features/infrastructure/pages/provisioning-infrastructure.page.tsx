import { BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { provisioningDashboardQueryOptions } from '../api/dashboards.api';
import { ChartCard, StatCard } from '../components/chart-card';
import { DashboardFrame } from '../components/dashboard-frame';
import { DASHBOARD_DAYS, everyDay, formatSeconds, hasCounts, shortDay } from '../components/dashboard-series';

/** Admin dashboards › Provisioning: capacity of provisioners and zones, the job queue, how long runs take and fail. */
export function ProvisioningInfrastructurePage() {
  const query = useQuery(provisioningDashboardQueryOptions());
  return (
    <DashboardFrame
      title="On-demand HSMs: provisioning infrastructure"
      description="How full the provisioners and address zones are, what the provisioning queue holds, and how long runs take and how often they fail."
      query={query}
    >
      {(data) => {
        const failures = everyDay(data.failures_per_day).map(({ day, count }) => ({ day: shortDay(day), Failures: count }));
        const durations = data.durations_per_day.map((d) => ({ day: shortDay(d.day), Median: d.p50_seconds, '95th percentile': d.p95_seconds }));
        return (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <StatCard label="Queued runs" value={data.queue.queued} hint="Provisioning and deprovisioning runs waiting for a worker" />
              <StatCard label="Running" value={data.queue.running} hint="Runs a worker is carrying out now" />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <ChartCard
                title="Capacity per provisioner"
                units="HSMs hosted and room left, per provisioner"
                hasData={data.provisioners.length > 0}
                emptyText="Provisioners appear once they register."
              >
                <BarChart
                  maxBarWidth={56}
                  h={Math.max(160, data.provisioners.length * 40)}
                  data={data.provisioners.map((p) => ({
                    provisioner: p.state === 'Down' ? `${p.name} (down)` : p.name,
                    Hosted: p.hosted,
                    Free: Math.max(0, p.capacity - p.hosted),
                  }))}
                  dataKey="provisioner"
                  orientation="vertical"
                  type="stacked"
                  series={[
                    { name: 'Hosted', color: 'primary.6' },
                    { name: 'Free', color: 'secondary.3' },
                  ]}
                  withLegend
                  xAxisProps={{ allowDecimals: false }}
                  yAxisProps={{ width: 170 }}
                />
              </ChartCard>
              <ChartCard
                title="Address utilisation per zone"
                units="Allocated addresses as a share of each zone's pools, in percent"
                hasData={data.zones.length > 0}
                emptyText="Zones appear once IPAM zones are created."
              >
                <BarChart
                  maxBarWidth={56}
                  h={220}
                  data={data.zones.map((z) => ({ zone: z.name, Utilisation: z.utilisation_percent }))}
                  dataKey="zone"
                  series={[{ name: 'Utilisation', color: 'info.7' }]}
                  yAxisProps={{ domain: [0, 100] }}
                  valueFormatter={(value) => `${value} %`}
                  withBarValueLabel
                />
              </ChartCard>
              <ChartCard
                title="Provisioning duration"
                units={`Median and 95th percentile of finished runs per day (UTC), in seconds, the last ${DASHBOARD_DAYS} days`}
                hasData={durations.length > 0}
                emptyText="Durations appear once provisioning runs finish."
              >
                <LineChart
                  h={220}
                  data={durations}
                  dataKey="day"
                  series={[
                    { name: 'Median', color: 'primary.6' },
                    { name: '95th percentile', color: 'warning.7' },
                  ]}
                  withLegend
                  valueFormatter={formatSeconds}
                  curveType="monotone"
                />
              </ChartCard>
              <ChartCard
                title="Failed runs per day"
                units={`Provisioning runs that failed per day (UTC), the last ${DASHBOARD_DAYS} days`}
                hasData={hasCounts(data.failures_per_day.map((d) => d.count))}
                emptyText="Failed runs appear here day by day."
              >
                <BarChart maxBarWidth={56} h={220} data={failures} dataKey="day" series={[{ name: 'Failures', color: 'error.7' }]} yAxisProps={{ allowDecimals: false }} />
              </ChartCard>
            </SimpleGrid>
          </>
        );
      }}
    </DashboardFrame>
  );
}
