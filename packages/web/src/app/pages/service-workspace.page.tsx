import '@mantine/core/styles/Tabs.css';
import { lazy, Suspense, type ReactNode } from 'react';
import { Anchor, Box, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { Service } from '@keydeck/contract/services';
import type { DeviceListPatch } from '../../features/devices/api/device-list';
import { allServicesQueryOptions, serviceQueryOptions } from '../../features/services/api/services.api';
import { IdleCountdown } from '../../features/services/components/idle-countdown';
import { locationName } from '../../features/services/components/service-columns';
import { ServiceDetails } from '../../features/services/components/service-details';
import { ServiceStatusBadge } from '../../features/services/components/service-status-badge';
import { NoServiceSelected, NotLoggedInToService } from '../../features/services/components/workspace-guidance';
import { useServiceAccess } from '../../lib/service-access';
import { useServiceFeatures } from '../../lib/service-features';
import { useCurrentService, useServiceSession, useServiceSessionEndNotice } from '../../lib/service-session';

const route = getRouteApi('/shell/home/service');

/** /home/service: the current service's workspace; it needs a selected service and an open service session. */
export function ServiceWorkspacePage() {
  const { serviceId } = useCurrentService();
  return (
    <Stack gap="lg">
      {serviceId === null ? (
        <>
          <Title order={1} fz="h2">
            Service
          </Title>
          <NoServiceSelected>
            Select a service on the services dashboard and log in to it; its workspace then opens here.
          </NoServiceSelected>
        </>
      ) : (
        <Workspace serviceId={serviceId} />
      )}
    </Stack>
  );
}

function Workspace({ serviceId }: { serviceId: string }) {
  const service = useQuery(serviceQueryOptions(serviceId));
  const catalogue = useQuery(allServicesQueryOptions());
  const { session, isLoading } = useServiceSession(serviceId);
  useServiceSessionEndNotice(serviceId, session, isLoading);

  if (!service.data || isLoading) return <Loader size="sm" aria-label="Loading the service" />;
  const current = service.data;
  const location = locationName(catalogue.data, current.location);

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Group gap="sm">
            <Title order={1} fz="h2">
              {current.name}
            </Title>
            <ServiceStatusBadge status={current.status} />
          </Group>
          <Text c="dimmed" mt={4}>
            {current.type_name} · {location} · {current.environment}
          </Text>
        </div>
        <Anchor
          size="sm"
          renderRoot={(props) => <Link {...props} to="/home/services/{-$service_id}" params={{ service_id: serviceId }} />}
        >
          Services dashboard
        </Anchor>
      </Group>
      {session ? (
        <>
          <Box maw={480}>
            <IdleCountdown session={session} />
          </Box>
          <Sections service={current} location={location} />
        </>
      ) : (
        <NotLoggedInToService serviceId={serviceId} serviceName={current.name}>
          Its data opens once you log in to the service. Your service session ends after a while without activity.
        </NotLoggedInToService>
      )}
    </>
  );
}

// Sections owned by other features load with their own code, when opened.
const ExternalCasSection = lazy(() =>
  import('../../features/cryptoverse/components/external-cas-section').then((module) => ({ default: module.ExternalCasSection })),
);
const DevicesSection = lazy(() =>
  import('../../features/devices/components/devices-section').then((module) => ({ default: module.DevicesSection })),
);
const DeviceGroupsSection = lazy(() =>
  import('../../features/devices/components/device-groups-section').then((module) => ({ default: module.DeviceGroupsSection })),
);
const DeviceModelsSection = lazy(() =>
  import('../../features/devices/components/device-models-section').then((module) => ({ default: module.DeviceModelsSection })),
);
const SymmetricKeysSection = lazy(() =>
  import('../../features/payment-keys/components/symmetric-keys-section').then((module) => ({ default: module.SymmetricKeysSection })),
);
const KeyAssignmentsSection = lazy(() =>
  import('../../features/payment-keys/components/key-assignments-section').then((module) => ({ default: module.KeyAssignmentsSection })),
);
const CertAuthoritiesSection = lazy(() =>
  import('../../features/certificates/components/cert-authorities-section').then((module) => ({ default: module.CertAuthoritiesSection })),
);
const CertificateManagementSection = lazy(() =>
  import('../../features/certificates/components/certificate-management-section').then((module) => ({ default: module.CertificateManagementSection })),
);
const TransferServersSection = lazy(() =>
  import('../../features/transfer/components/transfer-servers-section').then((module) => ({ default: module.TransferServersSection })),
);
const ScheduledReportsSection = lazy(() =>
  import('../../features/scheduled-reports/components/scheduled-reports-section').then((module) => ({ default: module.ScheduledReportsSection })),
);

function SectionPanel({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Tabs.Panel value={value} pt="lg">
      <Suspense fallback={<Loader size="sm" aria-label="Loading the section" />}>{children}</Suspense>
    </Tabs.Panel>
  );
}

function Sections({ service, location }: { service: Service; location: string }) {
  const { section = 'overview', ...deviceList } = route.useSearch();
  const navigate = route.useNavigate();
  const access = useServiceAccess(service);
  const features = useServiceFeatures(service);
  const externalCas = service.type === 'cryptoverse' && access.can('CertManage');
  // Devices belong to every service type; the Device category opens them.
  const devices = access.can('Device');
  // Payment keys (symmetric keys and key groups, key-slot assignments): where the service offers them, Key opens them.
  const symmetricKeys = features.on('symmetric_keys') && access.can('Key');
  const keyAssignments = features.on('key_assignments') && access.can('Key');
  // The service's own CAs and the certificates they issue: where the service offers them, CertManage opens both.
  const certificates = features.on('certificate_authorities') && access.can('CertManage');
  // Where exports and reports are delivered, and the SSH host keys pinned for them: the Host category opens them.
  const transferServers = features.on('transfer_servers') && access.can('Host');
  // Reports the service sends out about itself, like its logs: where the service offers them, the Log category opens them.
  const scheduledReports = features.on('scheduled_reports') && access.can('Log');
  const allowed: Record<string, boolean> = {
    'transfer-servers': transferServers,
    'scheduled-reports': scheduledReports,
    'external-cas': externalCas,
    devices,
    'device-groups': devices,
    'device-models': devices,
    'symmetric-keys': symmetricKeys,
    'key-assignments': keyAssignments,
    'certificate-authorities': certificates,
    'certificate-management': certificates,
  };
  // A section the group may not open (or not yet known to be allowed) shows the overview.
  const shown = allowed[section] ? section : 'overview';
  // The Remote Devices list keeps its paging and filters in the URL beside the section.
  const changeDeviceList = (patch: DeviceListPatch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) });

  return (
    <Tabs
      value={shown}
      onChange={(value) => void navigate({ search: { section: value === 'overview' || value === null ? undefined : value } })}
      keepMounted={false}
    >
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Tabs.List aria-label="Service sections">
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          {devices ? (
            <>
              <Tabs.Tab value="devices">Remote Devices</Tabs.Tab>
              <Tabs.Tab value="device-groups">Device Groups</Tabs.Tab>
              <Tabs.Tab value="device-models">Device Models</Tabs.Tab>
            </>
          ) : null}
          {symmetricKeys ? <Tabs.Tab value="symmetric-keys">Symmetric Keys</Tabs.Tab> : null}
          {keyAssignments ? <Tabs.Tab value="key-assignments">Key Assignments</Tabs.Tab> : null}
          {certificates ? (
            <>
              <Tabs.Tab value="certificate-authorities">Certificate Authorities</Tabs.Tab>
              <Tabs.Tab value="certificate-management">Certificate Management</Tabs.Tab>
            </>
          ) : null}
          {transferServers ? <Tabs.Tab value="transfer-servers">Transfer Servers</Tabs.Tab> : null}
          {scheduledReports ? <Tabs.Tab value="scheduled-reports">Scheduled Reports</Tabs.Tab> : null}
          {externalCas ? <Tabs.Tab value="external-cas">External CAs</Tabs.Tab> : null}
        </Tabs.List>
        <Anchor component={Link} to="/home/service/admin" size="sm">
          Service users and groups
        </Anchor>
      </Group>
      <Tabs.Panel value="overview" pt="lg">
        <Stack gap="lg">
          <ServiceDetails service={service} location={location} />
          <Text size="sm">
            Your service user group:{' '}
            <Text span fw={600}>
              {access.groupName ?? '…'}
            </Text>
          </Text>
        </Stack>
      </Tabs.Panel>
      {devices ? (
        <>
          <SectionPanel value="devices">
            <DevicesSection service={service} list={{ search: deviceList, onChange: changeDeviceList }} />
          </SectionPanel>
          <SectionPanel value="device-groups">
            <DeviceGroupsSection service={service} />
          </SectionPanel>
          <SectionPanel value="device-models">
            <DeviceModelsSection service={service} />
          </SectionPanel>
        </>
      ) : null}
      {symmetricKeys ? (
        <SectionPanel value="symmetric-keys">
          <SymmetricKeysSection service={service} />
        </SectionPanel>
      ) : null}
      {keyAssignments ? (
        <SectionPanel value="key-assignments">
          <KeyAssignmentsSection service={service} />
        </SectionPanel>
      ) : null}
      {certificates ? (
        <>
          <SectionPanel value="certificate-authorities">
            <CertAuthoritiesSection service={service} />
          </SectionPanel>
          <SectionPanel value="certificate-management">
            <CertificateManagementSection service={service} />
          </SectionPanel>
        </>
      ) : null}
      {transferServers ? (
        <SectionPanel value="transfer-servers">
          <TransferServersSection service={service} />
        </SectionPanel>
      ) : null}
      {scheduledReports ? (
        <SectionPanel value="scheduled-reports">
          <ScheduledReportsSection service={service} />
        </SectionPanel>
      ) : null}
      {externalCas ? (
        <SectionPanel value="external-cas">
          <ExternalCasSection service={service} />
        </SectionPanel>
      ) : null}
    </Tabs>
  );
}
