import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { useState } from 'react';
import { Anchor, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { CloudHsmSummary } from '@keydeck/contract/cloud-hsms';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { useListSearch } from '../../../lib/ui/list-search';
import { cloudHsmsQueryOptions, serviceQueryOptions } from '../api/cloud-hsms.api';
import { CloudHsmStatusBadge, HealthBadge } from '../components/cloud-hsm-badges';
import { portsText } from '../components/cloud-hsm-text';
import { DeprovisionModal } from '../components/deprovision-modal';
import { RequestCloudHsmModal } from '../components/request-cloud-hsm-modal';

const route = getRouteApi('/shell/v2/home/accounts/$account_id/services/$service_id/cloud-provisioning/cloud-hsms');
const NO_WRAP = { whiteSpace: 'nowrap' } as const;


/** A cloud_hsms service's cloud HSMs (spec §2 cloud-provisioning/cloud-hsms): request, follow provisioning, deprovision. */
export function CloudHsmsPage() {
  const { account_id, service_id } = route.useParams();
  const ref = { accountId: account_id, serviceId: service_id };
  const { state, onChange } = useListSearch(route);
  const hsms = useQuery(cloudHsmsQueryOptions(ref, state));
  const service = useQuery(serviceQueryOptions(service_id));
  const [requesting, setRequesting] = useState(false);
  const [deprovisioning, setDeprovisioning] = useState<CloudHsmSummary | null>(null);

  const columns: DataTableColumn<CloudHsmSummary>[] = [
    {
      key: 'name',
      title: 'Name',
      sortKey: 'name',
      render: (hsm) => (
        <Stack gap={0}>
          <Anchor size="sm" fw={600} renderRoot={(props) => <Link {...props} to="/v2/home/services/cloud-hsm-management/$id" params={{ id: hsm.id }} />}>
            {hsm.name}
          </Anchor>
          <Text size="xs" c="dimmed" style={NO_WRAP}>
            {hsm.blueprint.name} · {hsm.blueprint.model}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      sortKey: 'status',
      render: (hsm) => (
        <Stack gap={2} align="flex-start">
          <CloudHsmStatusBadge status={hsm.status} failure={hsm.failure} />
          {hsm.status === 'PendingProvisioning' ? (
            <Text size="xs" c="dimmed" style={NO_WRAP}>
              {hsm.step_label}…
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'health', title: 'Health', render: (hsm) => (hsm.status === 'Enabled' ? <HealthBadge state={hsm.health_state} /> : <Text size="sm" c="dimmed">—</Text>) },
    {
      key: 'location',
      title: 'Location',
      render: (hsm) => (
        <Stack gap={0}>
          <Text size="sm">{hsm.zone.location}</Text>
          <Text size="xs" c="dimmed" style={NO_WRAP}>
            {hsm.zone.datacenter_name} · {hsm.zone.name}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'address',
      title: 'Address and ports',
      render: (hsm) =>
        hsm.address ? (
          <Stack gap={0}>
            <Text size="sm" ff="monospace">
              {hsm.address}
            </Text>
            <Text size="xs" c="dimmed" style={NO_WRAP}>
              {portsText(hsm.ports)}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Not assigned yet
          </Text>
        ),
    },
    {
      key: 'actions',
      title: 'Actions',
      width: 200,
      render: (hsm) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="light" renderRoot={(props) => <Link {...props} to="/v2/home/services/cloud-hsm-management/$id" params={{ id: hsm.id }} />} aria-label={`Manage ${hsm.name}`}>
            Manage
          </Button>
          {hsm.status === 'Deprovisioned' || hsm.status === 'Deprovisioning' ? null : (
            <Can permission={Permission.servicesManage} mode="disable">
              <Button size="compact-sm" variant="subtle" color="error" aria-label={`Deprovision ${hsm.name}`} onClick={() => setDeprovisioning(hsm)}>
                Deprovision
              </Button>
            </Can>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div style={{ flex: 1, minWidth: 280 }}>
          <Title order={1} fz="h2">
            Cloud HSMs{service.data ? ` · ${service.data.name}` : ''}
          </Title>
          <Text c="dimmed" mt={4} maw={720}>
            Each cloud HSM is a PKCS#11 token of its own, on its own address and ports. Request one, follow it to Enabled, then open it for
            its connection details and PINs.
          </Text>
        </div>
        <Can permission={Permission.servicesManage} mode="disable">
          <Button onClick={() => setRequesting(true)}>Request a cloud HSM</Button>
        </Can>
      </Group>
      <DataTable
        label="Cloud HSMs"
        columns={columns}
        query={hsms}
        rowKey={(hsm) => hsm.id}
        list={{ state, onChange }}
        searchLabel="Search cloud HSMs"
        toolbar={
          <Switch
            mb={8}
            label="Show deprovisioned"
            checked={state.include_deprovisioned === true}
            onChange={(event) => onChange({ include_deprovisioned: event.currentTarget.checked || undefined, page: 1 })}
          />
        }
        emptyText="No cloud HSMs in this service yet. Request one to get started."
        minWidth={900}
      />
      <RequestCloudHsmModal service={ref} opened={requesting} onClose={() => setRequesting(false)} />
      <DeprovisionModal hsm={deprovisioning} onClose={() => setDeprovisioning(null)} />
    </Stack>
  );
}
