import { certificatesQuery } from '@keydeck/contract/certificates-queries';
import { symmetricKeysQuery } from '@keydeck/contract/payment-keys-queries';
import { Permission } from '@keydeck/contract/permissions';
import { deviceListSearch } from '../../features/devices/devices.search';
import { servicesDashboardSearch, serviceWorkspaceSearch } from '../../features/services/services.search';
import { lenientSearch } from '../../lib/ui/list-search';
import { lazyScreen } from '../lazy-screen';
import { fromTabQuery } from '../route-redirects';
import { list, query, screen, tabOf } from '../screen';
import { serviceSection } from '../service-section';
import { shell } from './root.routes';

/** Home and the services: the dashboard, the current service's workspace and its users, the catalogue to request one. */
const home = screen(shell, 'home', {
  title: 'Home',
  nav: { label: 'Home' },
  component: lazyScreen(() => import('../../features/home/pages/home.page'), 'HomePage'),
});
const servicesDashboard = screen(shell, 'home/services/{-$service_id}', {
  permission: Permission.servicesRead,
  title: 'Services',
  nav: { label: 'Services', group: 'Workspace', description: 'Your services: select one and log in to work in it.' },
  search: list(servicesDashboardSearch),
  component: lazyScreen(() => import('../../features/services/pages/services-dashboard.page'), 'ServicesDashboardPage'),
});
// The current service's workspace: a header beside its sections, one per child route (adding a section is adding a
// child), grouped by job in this order. A section declares what opens it on the service; the workspace shows the ones
// the caller may open.
export const serviceWorkspace = screen(shell, 'home/service', {
  permission: Permission.servicesRead,
  title: 'Service',
  search: query(lenientSearch(serviceWorkspaceSearch)),
  beforeLoad: fromTabQuery({ param: 'section', layout: '/home/service', index: 'overview', tabs: sectionPaths }),
  component: lazyScreen(() => import('../pages/service-workspace.page'), 'ServiceWorkspacePage'),
});
const section = tabOf(serviceWorkspace, 'Service');
export const serviceSections = [
  // The first section, open to every group: /home/service itself.
  section('/', 'Overview', { component: lazyScreen(() => import('../../features/services/pages/service-overview.page'), 'ServiceOverviewPage') }),
  // Devices belong to every service type; the Device category opens them.
  section('devices', 'Remote Devices', {
    group: 'Devices',
    serviceSection: { category: 'Device' },
    search: list(deviceListSearch),
    component: lazyScreen(() => import('../../features/devices/pages/devices-section.page'), 'DevicesSectionPage'),
  }),
  section('device-groups', 'Device Groups', {
    group: 'Devices',
    serviceSection: { category: 'Device' },
    component: serviceSection(lazyScreen(() => import('../../features/devices/components/device-groups-section'), 'DeviceGroupsSection')),
  }),
  section('device-models', 'Device Models', {
    group: 'Devices',
    serviceSection: { category: 'Device' },
    component: serviceSection(lazyScreen(() => import('../../features/devices/components/device-models-section'), 'DeviceModelsSection')),
  }),
  // Payment keys (symmetric keys and key groups, key-slot assignments): where the service offers them, Key opens them.
  section('symmetric-keys', 'Symmetric Keys', {
    group: 'Keys',
    serviceSection: { category: 'Key', feature: 'symmetric_keys' },
    search: list(symmetricKeysQuery),
    component: lazyScreen(() => import('../../features/payment-keys/pages/symmetric-keys-section.page'), 'SymmetricKeysSectionPage'),
  }),
  // Key custodians and key ceremonies (dual control, split knowledge): where the service keeps symmetric keys, Key opens them.
  section('key-ceremonies', 'Key Ceremonies', {
    group: 'Keys',
    serviceSection: { category: 'Key', feature: 'symmetric_keys' },
    component: serviceSection(lazyScreen(() => import('../../features/key-ceremonies/components/key-ceremonies-section'), 'KeyCeremoniesSection')),
  }),
  section('key-assignments', 'Key Assignments', {
    group: 'Keys',
    serviceSection: { category: 'Key', feature: 'key_assignments' },
    component: serviceSection(lazyScreen(() => import('../../features/payment-keys/components/key-assignments-section'), 'KeyAssignmentsSection')),
  }),
  // The service's own CAs and the certificates they issue: where the service offers them, CertManage opens both.
  section('certificate-authorities', 'Certificate Authorities', {
    group: 'Certificates',
    serviceSection: { category: 'CertManage', feature: 'certificate_authorities' },
    component: serviceSection(lazyScreen(() => import('../../features/certificates/components/cert-authorities-section'), 'CertAuthoritiesSection')),
  }),
  section('certificate-management', 'Certificate Management', {
    group: 'Certificates',
    serviceSection: { category: 'CertManage', feature: 'certificate_authorities' },
    search: list(certificatesQuery),
    component: lazyScreen(() => import('../../features/certificates/pages/certificate-management-section.page'), 'CertificateManagementSectionPage'),
  }),
  // A cryptoverse service's external CAs sit with the service's own.
  section('external-cas', 'External CAs', {
    group: 'Certificates',
    serviceSection: { category: 'CertManage', serviceType: 'cryptoverse' },
    component: serviceSection(lazyScreen(() => import('../../features/cryptoverse/components/external-cas-section'), 'ExternalCasSection')),
  }),
  // Where exports and reports are delivered, and the SSH host keys pinned for them: the Host category opens them.
  section('transfer-servers', 'Transfer Servers', {
    group: 'Transfer and reports',
    serviceSection: { category: 'Host', feature: 'transfer_servers' },
    component: serviceSection(lazyScreen(() => import('../../features/transfer/components/transfer-servers-section'), 'TransferServersSection')),
  }),
  // Reports the service sends out about itself, like its logs: where the service offers them, the Log category opens them.
  section('scheduled-reports', 'Scheduled Reports', {
    group: 'Transfer and reports',
    serviceSection: { category: 'Log', feature: 'scheduled_reports' },
    component: serviceSection(
      lazyScreen(() => import('../../features/scheduled-reports/components/scheduled-reports-section'), 'ScheduledReportsSection'),
    ),
  }),
] as const;
// Annotated: the workspace's redirect reads its children's paths, which are typed by the workspace.
function sectionPaths(): string[] {
  return serviceSections.map((child) => child.path);
}

// The current service's users and groups: one tab per child route, as the workspace's sections.
const serviceAdmin = screen(shell, 'home/service/admin', {
  permission: Permission.servicesRead,
  title: 'Service users and groups',
  nav: { label: 'Service users', group: 'Workspace', description: 'Who may work in the current service, and what each group may do.' },
  component: lazyScreen(() => import('../pages/service-admin.page'), 'ServiceAdminPage'),
});
const adminTab = tabOf(serviceAdmin, 'Service users and groups');
const serviceAdminTabs = [
  adminTab('/', 'Users', { component: lazyScreen(() => import('../../features/service-users/pages/service-users.page'), 'ServiceUsersPage') }),
  adminTab('groups', 'Groups', { component: lazyScreen(() => import('../../features/service-users/pages/service-groups.page'), 'ServiceGroupsPage') }),
  // The service's own allowed addresses decide who may use it, as its users and groups do: the User category.
  adminTab('addresses', 'Allowed addresses', {
    serviceSection: { category: 'User', feature: 'allowed_addresses' },
    component: lazyScreen(() => import('../../features/service-addresses/pages/service-addresses.page'), 'ServiceAddressesPage'),
  }),
] as const;
const serviceCatalogue = screen(shell, 'key-management-services', {
  permission: Permission.servicesRead,
  title: 'Request a service',
  nav: { label: 'Request a service', group: 'Workspace', description: 'The service types your account can request.' },
  component: lazyScreen(() => import('../../features/services/pages/service-catalogue.page'), 'ServiceCataloguePage'),
});

// The navigation follows this order.
export const homeScreens = [home, servicesDashboard, serviceAdmin.addChildren([...serviceAdminTabs]), serviceCatalogue] as const;
