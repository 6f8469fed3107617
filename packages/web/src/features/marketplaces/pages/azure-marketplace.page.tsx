import '@mantine/core/styles/SegmentedControl.css';
import { useState } from 'react';
import { Anchor, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { ENTITLEMENT_STATE_LABELS, MarketplaceMessages, type MarketplaceEntitlement } from '@keydeck/contract/marketplaces';
import { ENTITLEMENT_STATES, type EntitlementState } from '@keydeck/contract/marketplaces-queries';
import { formatDateTime } from '../../../lib/datetime';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { useListSearch } from '../../../lib/ui/list-search';
import { entitlementsQueryOptions } from '../api/marketplaces.api';
import { EntitlementActionButtons, EntitlementDialogs, type EntitlementDialog } from '../components/entitlement-actions';
import { EntitlementDecision, EntitlementServices } from '../components/entitlement-facts';
import { EntitlementStateBadge } from '../components/entitlement-state-badge';

const route = getRouteApi('/shell/v2/admin/azure');

const STATE_FILTER = [{ value: 'all', label: 'All' }, ...ENTITLEMENT_STATES.map((state) => ({ value: state, label: ENTITLEMENT_STATE_LABELS[state] }))];

/** Administration › Azure Marketplace: accounts that signed up through Azure, approved or rejected by hand. */
export function AzureMarketplacePage() {
  const { state: search, onChange } = useListSearch(route);
  const query = useQuery(entitlementsQueryOptions({ ...search, provider: 'azure' }));
  const [dialog, setDialog] = useState<EntitlementDialog>(null);

  const columns: DataTableColumn<MarketplaceEntitlement>[] = [
    {
      key: 'account',
      title: 'Account',
      sortKey: 'account_name',
      render: (e) => (
        <Anchor
          size="sm"
          fw={600}
          renderRoot={(props) => <Link {...props} to="/v2/admin/company-management/accounts/$account_id/google-marketplace" params={{ account_id: e.account.id }} />}
        >
          {e.account.name}
        </Anchor>
      ),
    },
    {
      key: 'token',
      title: 'Token',
      render: (e) => (
        <Text size="sm" ff="monospace" title={MarketplaceMessages.fingerprintHint}>
          {e.token_fingerprint}
        </Text>
      ),
    },
    { key: 'recorded_at', title: 'Signed up', sortKey: 'recorded_at', render: (e) => formatDateTime(e.recorded_at) },
    { key: 'state', title: 'State', sortKey: 'state', render: (e) => <EntitlementStateBadge state={e.state} /> },
    { key: 'decision', title: 'Decision', render: (e) => <EntitlementDecision entitlement={e} /> },
    { key: 'services', title: 'Services', render: (e) => <EntitlementServices entitlement={e} /> },
    { key: 'actions', title: 'Actions', width: 190, render: (e) => <EntitlementActionButtons entitlement={e} onOpen={setDialog} /> },
  ];

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          Azure Marketplace
        </Title>
        <Text c="dimmed" mt={4}>
          Accounts that signed up through the Azure Marketplace. Check each against the Azure SaaS fulfillment records, then approve it on its plan
          or reject it.
        </Text>
      </div>
      <DataTable
        label="Azure Marketplace entitlements"
        columns={columns}
        query={query}
        rowKey={(e) => e.account.id}
        list={{ state: search, onChange }}
        searchLabel="Search accounts"
        toolbar={
          <SegmentedControl
            aria-label="Show entitlements"
            data={STATE_FILTER}
            value={search.state ?? 'all'}
            onChange={(value) => onChange({ state: value === 'all' ? undefined : (value as EntitlementState), page: 1 })}
          />
        }
        emptyText={search.search ? `No account matches “${search.search}”.` : 'No Azure Marketplace sign-ups yet.'}
        minWidth={1040}
      />
      <EntitlementDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
