import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState } from 'react';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { PARTNER_REVENUE_DAYS, type PartnerAccount } from '@keydeck/contract/partners';
import { formatDateTime } from '../../../lib/datetime';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { FactCard } from '../../../lib/ui/fact-card';
import { partnerQueryOptions } from '../api/partners.api';
import { formatPercent } from '../components/percent';
import { PartnerActions } from '../components/partner-actions';
import { PartnerFormModal, type PartnerFormTarget } from '../components/partner-form-modal';
import { PartnerMoney } from '../components/partner-revenue';
import { PartnerStatusBadge } from '../components/partner-status-badge';

const route = getRouteApi('/shell/v2/admin/splenda/$partner_id');

const columns: DataTableColumn<PartnerAccount>[] = [
  {
    key: 'name',
    title: 'Account',
    render: (a) => (
      <Anchor
        size="sm"
        fw={600}
        renderRoot={(props) => <Link {...props} to="/v2/admin/company-management/accounts/$account_id/splenda" params={{ account_id: a.id }} />}
      >
        {a.name}
      </Anchor>
    ),
  },
  { key: 'assigned_at', title: 'Assigned', render: (a) => formatDateTime(a.assigned_at) },
  { key: 'assigned_by', title: 'By', render: (a) => a.assigned_by },
];

/** One partner: its terms, what its accounts paid over the last 30 days, the commission due, and its accounts. */
export function PartnerPage() {
  const { partner_id } = route.useParams();
  const detail = useQuery(partnerQueryOptions(partner_id));
  const accounts = useQuery({ ...partnerQueryOptions(partner_id), select: (p) => ({ data: p.accounts, total: p.accounts.length }) });
  const [form, setForm] = useState<PartnerFormTarget>(null);
  const partner = detail.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Group gap="sm">
          <Title order={1} fz="h2">
            {partner?.name ?? 'Partner'}
          </Title>
          {partner ? <PartnerStatusBadge status={partner.status} /> : null}
        </Group>
        {partner ? <PartnerActions partner={partner} onEdit={(p) => setForm({ partner: p })} /> : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <FactCard label="Contact email" value={partner?.contact_email} />
        <FactCard label="Commission" value={partner && formatPercent(partner.commission_percent)} />
        <FactCard label="Accounts" value={partner && String(partner.account_count)} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={4}>
            Paid, last {PARTNER_REVENUE_DAYS} days
          </Text>
          {partner ? <PartnerMoney revenue={partner.revenue} show="amount" /> : null}
        </Card>
        <Card withBorder padding="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={4}>
            Commission due
          </Text>
          {partner ? <PartnerMoney revenue={partner.revenue} show="commission" /> : null}
        </Card>
      </SimpleGrid>
      <DataTable label="Accounts of the partner" columns={columns} query={accounts} rowKey={(a) => a.id} emptyText="No account belongs to this partner yet." />
      <PartnerFormModal target={form} onClose={() => setForm(null)} />
    </Stack>
  );
}
