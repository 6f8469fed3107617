import { BarChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { customerDashboardQueryOptions } from '../api/dashboards.api';
import { ChartCard, DonutWithLegend } from '../components/chart-card';
import { cloudHsmStatusColor, cloudHsmStatusLabel } from '../components/cloud-hsm-states';
import { DashboardFrame } from '../components/dashboard-frame';
import { DASHBOARD_DAYS, everyDay, hasCounts, shortDay } from '../components/dashboard-series';

const BAR = 'primary.6';

/** Admin dashboards › On-demand HSMs: the customers' cloud HSMs by status, location, account and day. */
export function OdhCustomerInfrastructurePage() {
  const query = useQuery(customerDashboardQueryOptions('odh'));
  return (
    <DashboardFrame
      title="On-demand HSMs: customer infrastructure"
      description="The cloud HSMs customers hold: where they run, in which state, for whom, and how many are requested each day."
      query={query}
    >
      {(data) => {
        const perDay = everyDay(data.created_per_day).map(({ day, count }) => ({ day: shortDay(day), HSMs: count }));
        return (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ChartCard
              title="Cloud HSMs by status"
              units="Every cloud HSM on record, deprovisioned ones included"
              hasData={hasCounts(data.by_status.map((s) => s.count))}
              emptyText="Statuses appear once a customer requests a cloud HSM."
            >
              <DonutWithLegend
                unit="HSMs"
                slices={data.by_status.map((s) => ({ name: cloudHsmStatusLabel(s.status), value: s.count, color: `${cloudHsmStatusColor(s.status)}.6` }))}
              />
            </ChartCard>
            <ChartCard
              title="Cloud HSMs per location"
              units="HSMs not deprovisioned, by the datacenter of their zone"
              hasData={hasCounts(data.by_location.map((l) => l.count))}
              emptyText="Locations appear once cloud HSMs are placed."
            >
              <BarChart
                maxBarWidth={56}
                h={220}
                data={data.by_location.map((l) => ({ location: `${l.datacenter_name} (${l.location})`, HSMs: l.count }))}
                dataKey="location"
                series={[{ name: 'HSMs', color: BAR }]}
                yAxisProps={{ allowDecimals: false }}
              />
            </ChartCard>
            <ChartCard
              title="Top accounts"
              units="The ten accounts with the most cloud HSMs not deprovisioned"
              hasData={hasCounts(data.top_accounts.map((a) => a.count))}
              emptyText="Accounts appear once they hold cloud HSMs."
            >
              <BarChart
                maxBarWidth={56}
                h={Math.max(140, data.top_accounts.length * 32)}
                data={data.top_accounts.map((a) => ({ account: a.account_name, HSMs: a.count }))}
                dataKey="account"
                orientation="vertical"
                series={[{ name: 'HSMs', color: 'info.7' }]}
                xAxisProps={{ allowDecimals: false }}
                yAxisProps={{ width: 140 }}
              />
            </ChartCard>
            <ChartCard
              title="Cloud HSMs requested per day"
              units={`HSMs requested per day (UTC), the last ${DASHBOARD_DAYS} days`}
              hasData={hasCounts(data.created_per_day.map((d) => d.count))}
              emptyText="Requests appear here day by day."
            >
              <BarChart maxBarWidth={56} h={220} data={perDay} dataKey="day" series={[{ name: 'HSMs', color: BAR }]} yAxisProps={{ allowDecimals: false }} />
            </ChartCard>
          </SimpleGrid>
        );
      }}
    </DashboardFrame>
  );
}
