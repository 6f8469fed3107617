import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Permission } from '@keydeck/contract/permissions';
import type { PortRange } from '@keydeck/contract/port-ranges';
import { Can } from '../../../lib/can';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { useListSearch } from '../../../lib/ui/list-search';
import { portRangesQueryOptions, rangeText } from '../api/port-ranges.api';
import { AssignFreeRangeModal } from '../components/assign-free-range-modal';
import { RangeDescription, RangePorts } from '../components/range-cells';
import { ReleaseRangeButton } from '../components/release-range-button';
import { ListHeading } from '../../../lib/ui/list-heading';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/port-ranges');

/** Account › Port ranges: the ranges this account holds, with "Assign a free range" and "Release". */
export function AccountPortRangesPage() {
  const { account_id } = route.useParams();
  const { state: search, onChange } = useListSearch(route);
  const [picking, setPicking] = useState(false);
  const query = useQuery(portRangesQueryOptions({ ...search, account_id }));

  const columns: DataTableColumn<PortRange>[] = [
    { key: 'ports', title: 'Ports', sortKey: 'start_port', render: (range) => <RangePorts range={range} /> },
    { key: 'description', title: 'Description', render: (range) => <RangeDescription range={range} /> },
    {
      key: 'actions',
      title: 'Actions',
      width: 120,
      render: (range) => (
        <ReleaseRangeButton range={range} question={`Release the port range ${rangeText(range)}? It becomes free for other accounts.`} />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ListHeading
        title="Port ranges"
        order={2}
        description="Ports this account may use."
        actions={
          <Can permission={Permission.platformAdmin} mode="disable">
            <Button onClick={() => setPicking(true)}>Assign a free range</Button>
          </Can>
        }
      />
      <DataTable
        label="Account port ranges"
        columns={columns}
        query={query}
        rowKey={(range) => range.id}
        list={{ state: search, onChange }}
        emptyText="This account holds no port ranges."
        minWidth={320}
      />
      <AssignFreeRangeModal accountId={account_id} opened={picking} onClose={() => setPicking(false)} />
    </Stack>
  );
}
