import { useCallback, useEffect } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { z } from 'zod';
import { Permission } from '@keydeck/contract/permissions';
import type { Service } from '@keydeck/contract/services';
import { Can } from '../../../lib/can';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { useServiceSession } from '../../../lib/service-session';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { useListSearch } from '../../../lib/ui/list-search';
import { useSelectService } from '../api/current-service.mutations';
import { serviceQueryOptions, servicesQueryOptions, useCancelServiceRequest } from '../api/services.api';
import { CloudServiceLink } from '../components/cloud-service-link';
import { locationName, serviceColumns } from '../components/service-columns';
import { ServiceLoginModal } from '../components/service-login-modal';
import { ServiceRequestModal } from '../components/service-request-modal';
import { ServiceSessionPanel } from '../components/service-session-panel';

const route = getRouteApi('/shell/home/services/{-$service_id}');
const serviceIdSchema = z.string().uuid();
const validId = (value: string | undefined) => (serviceIdSchema.safeParse(value).success ? value! : null);

/**
 * The services dashboard (spec §2, §4): the account's services, the selected one (from the path, the
 * service_id query, else the current service) with its service session, and the action query: login
 * opens the service login, request the request form.
 */
export function ServicesDashboardPage() {
  const params = route.useParams();
  const { state: search, onChange } = useListSearch(route);
  const { service_id, action, ...listState } = search;
  const navigate = route.useNavigate();
  const { currentId, mutation: selectService } = useSelectService();
  const list = useQuery(servicesQueryOptions(listState));
  const selectedId = validId(params.service_id) ?? validId(service_id) ?? currentId;
  const selected = useQuery({ ...serviceQueryOptions(selectedId ?? ''), enabled: selectedId !== null });
  const service = selectedId !== null ? (selected.data ?? null) : null;
  const { session, isLoading: sessionLoading } = useServiceSession(service?.status === 'Enabled' ? service.id : null);

  // Arriving at an enabled service makes it the current one (skipped when it already is).
  const { mutate: select } = selectService;
  useEffect(() => {
    if (service?.status === 'Enabled' && service.id !== currentId) select(service.id);
  }, [service, currentId, select]);

  const clearAction = useCallback(() => void navigate({ search: (prev) => ({ ...prev, action: undefined }), replace: true }), [navigate]);
  const open = (id: string) =>
    void navigate({ to: '/home/services/{-$service_id}', params: { service_id: id }, search: (prev) => ({ ...prev, service_id: undefined, action: undefined }) });
  const reset = () =>
    selectService.mutate(null, {
      onSuccess: () => void navigate({ to: '/home/services/{-$service_id}', params: {}, search: (prev) => ({ ...prev, service_id: undefined, action: undefined }) }),
    });

  const loginFor = action === 'login' && service?.status === 'Enabled' && !sessionLoading && session === null ? service : null;
  useEffect(() => {
    // Already logged in: nothing left for action=login to do.
    if (action === 'login' && session) clearAction();
  }, [action, session, clearAction]);

  const columns: DataTableColumn<Service>[] = [
    ...serviceColumns(list.data).map((column) =>
      column.key === 'name'
        ? {
            ...column,
            render: (row: Service) => (
              <Group gap="xs" wrap="nowrap">
                {column.render(row)}
                {row.id === currentId ? (
                  <Badge size="sm" variant="outline" color="primary">
                    Current
                  </Badge>
                ) : null}
              </Group>
            ),
          }
        : column,
    ),
    {
      key: 'actions',
      title: 'Actions',
      width: 240,
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          {row.status === 'PendingApproval' ? (
            <WithdrawRequest service={row} />
          ) : row.id === selectedId ? (
            <Text size="sm" c="dimmed">
              Selected
            </Text>
          ) : (
            <Button size="xs" variant="subtle" aria-label={`Select ${row.name}`} onClick={() => open(row.id)}>
              Select
            </Button>
          )}
          <CloudServiceLink service={row} />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz="h2">
            Services
          </Title>
          <Text c="dimmed" mt={4}>
            Select a service and log in to it to work with its data.
          </Text>
        </div>
        <Can permission={Permission.servicesManage} mode="disable">
          <Button variant="default" onClick={() => void navigate({ search: (prev) => ({ ...prev, action: 'request' }) })}>
            Request a service
          </Button>
        </Can>
      </Group>

      {service ? (
        <ServiceSessionPanel service={service} location={locationName(list.data, service.location)} onReset={reset} />
      ) : null}

      <DataTable
        label="Services"
        columns={columns}
        query={list}
        rowKey={(row) => row.id}
        list={{ state: listState, onChange }}
        searchLabel="Search services"
        emptyText="Your account has no services yet. Request one to get started."
        minWidth={760}
      />

      <ServiceLoginModal service={loginFor} onClose={clearAction} />
      <ServiceRequestModal opened={action === 'request'} catalogue={list.data} onClose={clearAction} />
    </Stack>
  );
}

/** The requesting account withdraws a request still awaiting approval. */
function WithdrawRequest({ service }: { service: Service }) {
  const cancel = useCancelServiceRequest();
  const withdraw = async () => {
    const question = `Withdraw the request for the service ${service.name}? It is deleted and will not be provisioned.`;
    const withdrawn = await confirmAction(question, () => cancel.mutateAsync(service).then(() => true), 'Withdraw request');
    if (withdrawn) showToast({ color: 'success', message: `Request for ${service.name} withdrawn.` });
  };
  return (
    <Can permission={Permission.servicesManage} mode="disable">
      <Button size="xs" variant="subtle" color="error" loading={cancel.isPending} aria-label={`Withdraw request for ${service.name}`} onClick={() => void withdraw()}>
        Withdraw request
      </Button>
    </Can>
  );
}
