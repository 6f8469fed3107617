import '@mantine/core/styles/SegmentedControl.css';
import { useState } from 'react';
import { Anchor, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { PARTNER_REVENUE_DAYS, PARTNER_STATUS_LABELS, PartnerMessages, type Partner } from '@keydeck/contract/partners';
import { PARTNER_STATUSES, type PartnerStatus } from '@keydeck/contract/partners-queries';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { useListSearch } from '../../../lib/ui/list-search';
import { partnersQueryOptions } from '../api/partners.api';
import { formatPercent } from '../components/percent';
import { PartnerActions } from '../components/partner-actions';
import { PartnerFormModal, type PartnerFormTarget } from '../components/partner-form-modal';
import { PartnerMoney } from '../components/partner-revenue';
import { PartnerStatusBadge } from '../components/partner-status-badge';

const route = getRouteApi('/shell/v2/admin/splenda');

const STATUS_FILTER = [{ value: 'all', label: 'All' }, ...PARTNER_STATUSES.map((status) => ({ value: status, label: PARTNER_STATUS_LABELS[status] }))];

/** Administration › Partners (spec §2 /v2/admin/splenda): the reseller channel, what each partner's accounts paid and the commission due. */
export function PartnersPage() {
  const { state: search, onChange } = useListSearch(route);
  const query = useQuery(partnersQueryOptions(search));
  const [form, setForm] = useState<PartnerFormTarget>(null);

  const columns: DataTableColumn<Partner>[] = [
    {
      key: 'name',
      title: 'Partner',
      sortKey: 'name',
      render: (p) => (
        <Anchor size="sm" fw={600} renderRoot={(props) => <Link {...props} to="/v2/admin/splenda/$partner_id" params={{ partner_id: p.id }} />}>
          {p.name}
        </Anchor>
      ),
    },
    { key: 'contact_email', title: 'Contact', render: (p) => p.contact_email },
    { key: 'commission_percent', title: 'Commission', render: (p) => formatPercent(p.commission_percent) },
    { key: 'status', title: 'Status', sortKey: 'status', render: (p) => <PartnerStatusBadge status={p.status} /> },
    { key: 'account_count', title: 'Accounts', render: (p) => p.account_count },
    { key: 'revenue', title: `Paid, last ${PARTNER_REVENUE_DAYS} days`, render: (p) => <PartnerMoney revenue={p.revenue} show="amount" /> },
    { key: 'commission', title: 'Commission due', render: (p) => <PartnerMoney revenue={p.revenue} show="commission" /> },
    { key: 'actions', title: 'Actions', width: 170, render: (p) => <PartnerActions partner={p} onEdit={(partner) => setForm({ partner })} /> },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            Partners
          </Title>
          <Text c="dimmed" mt={4}>
            Resellers that bring accounts to the platform. {PartnerMessages.revenueWindow}
          </Text>
        </div>
        <Can permission={Permission.platformAdmin} mode="disable">
          <Button onClick={() => setForm({})}>New partner</Button>
        </Can>
      </Group>
      <DataTable
        label="Partners"
        columns={columns}
        query={query}
        rowKey={(p) => p.id}
        list={{ state: search, onChange }}
        searchLabel="Search partners"
        toolbar={
          <SegmentedControl
            aria-label="Show partners"
            data={STATUS_FILTER}
            value={search.status ?? 'all'}
            onChange={(value) => onChange({ status: value === 'all' ? undefined : (value as PartnerStatus), page: 1 })}
          />
        }
        emptyText={search.search ? `No partner matches “${search.search}”.` : 'No partners yet.'}
        minWidth={1040}
      />
      <PartnerFormModal target={form} onClose={() => setForm(null)} />
    </Stack>
  );
}
