import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import type { Service } from '@keydeck/contract/services';
import { formatDateTime } from '../../../lib/datetime';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { useListSearch } from '../../../lib/ui/list-search';
import { adminServicesQueryOptions } from '../api/services.api';
import { serviceColumns } from '../components/service-columns';
import { useServiceDecisions } from '../components/service-decisions';

const route = getRouteApi('/shell/v2/admin/company-management/service-requests');
type Request = Service & { account_name: string };

/** Every account's requests awaiting approval, oldest first: where platform administrators decide them. */
export function ServiceRequestsPage() {
  const { state: search, onChange } = useListSearch(route);
  const query = useQuery(adminServicesQueryOptions({ ...search, status: 'PendingApproval' }));
  const decisions = useServiceDecisions();
  const [name, ...rest] = serviceColumns(undefined) as DataTableColumn<Request>[];
  const columns: DataTableColumn<Request>[] = [
    {
      key: 'account',
      title: 'Account',
      sortKey: 'account_name',
      render: (request) => (
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/v2/admin/company-management/accounts/$account_id/services" params={{ account_id: request.account_id }} />}>
          {request.account_name}
        </Anchor>
      ),
    },
    name!,
    ...rest.filter((column) => column.key !== 'status' && column.key !== 'location'),
    { key: 'requested', title: 'Requested', sortKey: 'created_at', render: (request) => formatDateTime(request.created_at) },
    {
      key: 'actions',
      title: 'Actions',
      width: 170,
      render: (request) => (
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="subtle" color="success" aria-label={`Approve ${request.name}`} disabled={decisions.busy(request)} onClick={() => void decisions.approve(request)}>
            Approve
          </Button>
          <Button size="xs" variant="subtle" color="error" aria-label={`Reject ${request.name}`} disabled={decisions.busy(request)} onClick={() => void decisions.reject(request)}>
            Reject
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz="h2">
          Service requests
        </Title>
        <Text c="dimmed" mt={4}>
          Requests of every account awaiting approval, oldest first. An approved service is provisioned at once.
        </Text>
      </div>
      <DataTable
        label="Service requests"
        columns={columns}
        query={query}
        rowKey={(request) => request.id}
        list={{ state: search, onChange }}
        searchLabel="Search by service or account"
        emptyText="No request is waiting for approval."
        minWidth={860}
      />
    </Stack>
  );
}
