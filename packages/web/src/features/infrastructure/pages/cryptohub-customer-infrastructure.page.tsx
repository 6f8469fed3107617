import { BarChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { customerDashboardQueryOptions } from '../api/dashboards.api';
import { ChartCard, DonutWithLegend, StatCard } from '../components/chart-card';
import { memberStateColor, memberStateLabel } from '../components/cloud-hsm-states';
import { DashboardFrame } from '../components/dashboard-frame';
import { hasCounts } from '../components/dashboard-series';

/** Admin dashboards › CryptoHub: the customers' clusters of cloud HSMs and how well their members keep in step. */
export function CryptohubCustomerInfrastructurePage() {
  const query = useQuery(customerDashboardQueryOptions('cryptohub'));
  return (
    <DashboardFrame
      title="CryptoHub: customer infrastructure"
      description="Clusters of cloud HSMs: which accounts run them, how their members keep in step, and how many HSMs stand alone."
      query={query}
    >
      {(data) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <StatCard label="Accounts with cloud services" value={data.accounts_with_cloud_services} hint="Accounts with a cloud HSM or cluster management service" />
            <StatCard label="HSMs in clusters" value={data.hsms_in_clusters} hint="Cloud HSMs not deprovisioned that are cluster members" />
            <StatCard label="Standalone HSMs" value={data.hsms_standalone} hint="Cloud HSMs not deprovisioned in no cluster" />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ChartCard
              title="Clusters per account"
              units="Clusters each account runs"
              hasData={hasCounts(data.clusters_per_account.map((a) => a.clusters))}
              emptyText="Accounts appear once they create a cluster."
            >
              <BarChart
                maxBarWidth={56}
                h={Math.max(140, data.clusters_per_account.length * 32)}
                data={data.clusters_per_account.map((a) => ({ account: a.account_name, Clusters: a.clusters }))}
                dataKey="account"
                orientation="vertical"
                series={[{ name: 'Clusters', color: 'primary.6' }]}
                xAxisProps={{ allowDecimals: false }}
                yAxisProps={{ width: 140 }}
              />
            </ChartCard>
            <ChartCard
              title="Cluster members by state"
              units="Members joining, in sync or failed"
              hasData={hasCounts(data.members_by_state.map((m) => m.count))}
              emptyText="States appear once clusters have members."
            >
              <DonutWithLegend
                unit="members"
                slices={data.members_by_state.map((m) => ({ name: memberStateLabel(m.state), value: m.count, color: `${memberStateColor(m.state)}.6` }))}
              />
            </ChartCard>
          </SimpleGrid>
        </>
      )}
    </DashboardFrame>
  );
}
