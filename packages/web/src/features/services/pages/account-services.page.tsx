import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { Service } from '@keydeck/contract/services';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { useListSearch } from '../../../lib/ui/list-search';
import { servicesQueryOptions, useChangeServiceStatus, useDeleteService, type ServiceAction } from '../api/services.api';
import { CreateServiceModal } from '../components/create-service-modal';
import { serviceColumns } from '../components/service-columns';
import { useServiceDecisions } from '../components/service-decisions';
import { ListHeading } from '../../../lib/ui/list-heading';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/services');

const ACTION_DONE: Record<ServiceAction, string> = {
  approve: 'approved. It is being provisioned',
  enable: 'enabled',
  disable: 'disabled',
};

/** Account › Services: approve or reject requests, disable, enable, delete and create the account's services. */
export function AccountServicesPage() {
  const { account_id } = route.useParams();
  const { state: search, onChange } = useListSearch(route);
  const [creating, setCreating] = useState(false);
  const query = useQuery(servicesQueryOptions({ ...search, account_id }));
  const change = useChangeServiceStatus();
  const remove = useDeleteService();

  const decisions = useServiceDecisions();
  const act = (service: Service, action: ServiceAction) =>
    change.mutate({ service, action }, { onSuccess: () => showToast({ color: 'success', message: `${service.name} ${ACTION_DONE[action]}.` }) });

  const deleteService = async (service: Service) => {
    const pending = service.status === 'PendingApproval';
    const question = pending
      ? `Reject the request for the service ${service.name}? The request is deleted.`
      : `Delete the service ${service.name}? Its service users, groups and sessions are deleted with it.`;
    const deleted = await confirmAction(question, () => remove.mutateAsync(service).then(() => true), pending ? 'Reject request' : 'Delete service');
    if (deleted) showToast({ color: 'success', message: pending ? `Request for ${service.name} rejected.` : `${service.name} deleted.` });
  };

  const busy = (service: Service) =>
    decisions.busy(service) || (change.isPending && change.variables.service.id === service.id) || (remove.isPending && remove.variables.id === service.id);

  const columns: DataTableColumn<Service>[] = [
    ...serviceColumns(query.data),
    {
      key: 'actions',
      title: 'Actions',
      width: 200,
      render: (service) => (
        <Group gap={4} wrap="nowrap">
          {service.status === 'PendingApproval' ? (
            <Button size="xs" variant="subtle" color="success" aria-label={`Approve ${service.name}`} disabled={busy(service)} onClick={() => void decisions.approve(service)}>
              Approve
            </Button>
          ) : null}
          {service.status === 'Enabled' ? (
            <Button size="xs" variant="subtle" aria-label={`Disable ${service.name}`} disabled={busy(service)} onClick={() => act(service, 'disable')}>
              Disable
            </Button>
          ) : null}
          {service.status === 'Disabled' ? (
            <Button size="xs" variant="subtle" aria-label={`Enable ${service.name}`} disabled={busy(service)} onClick={() => act(service, 'enable')}>
              Enable
            </Button>
          ) : null}
          <Button size="xs" variant="subtle" color="error" aria-label={`${service.status === 'PendingApproval' ? 'Reject' : 'Delete'} ${service.name}`} disabled={busy(service)} onClick={() => void deleteService(service)}>
            {service.status === 'PendingApproval' ? 'Reject' : 'Delete'}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ListHeading
        title="Services"
        order={2}
        description="The account's services and its requests awaiting approval. Approved and created services are provisioned in the background."
        actions={<Button onClick={() => setCreating(true)}>Create service</Button>}
      />
      <DataTable
        label="Account services"
        columns={columns}
        query={query}
        rowKey={(service) => service.id}
        list={{ state: search, onChange }}
        searchLabel="Search services"
        emptyText="This account has no services."
        minWidth={900}
      />
      <CreateServiceModal accountId={account_id} opened={creating} catalogue={query.data} onClose={() => setCreating(false)} />
    </Stack>
  );
}
