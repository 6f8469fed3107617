import { Permission } from '@keydeck/contract/permissions';
import { setupIntentsSearch } from '../../features/billing/billing.search';
import { InfrastructureSearch } from '../../features/infrastructure/infrastructure.search';
import { lazyScreen } from '../lazy-screen';
import { list, screen, type ScreenOptions } from '../screen';
import { shell } from './root.routes';

// The platform's infrastructure and its dashboards (platform administrators only).
const infra = <const P extends string, V = undefined>(
  path: P,
  group: 'Infrastructure' | 'Dashboards',
  label: string,
  { description, ...options }: Omit<ScreenOptions<V>, 'permission' | 'nav'> & { description: string },
) => screen(shell, path, { permission: Permission.platformAdmin, nav: { label, group, description }, ...options });
export const infrastructureScreens = [
  infra('configuration/datacenter-infrastructure/global_servers', 'Infrastructure', 'Datacenters and servers', {
    title: 'Datacenters and servers',
    description: 'The platform’s datacenters and the servers in each.',
    search: list(InfrastructureSearch.globalServers),
    component: lazyScreen(() => import('../../features/infrastructure/pages/global-servers.page'), 'GlobalServersPage'),
  }),
  infra('configuration/cloud-product/ipam-zones', 'Infrastructure', 'IPAM zones', {
    title: 'IPAM zones',
    description: 'Address pools of each zone, how full they are, and who holds which address.',
    search: list(InfrastructureSearch.ipamZones),
    component: lazyScreen(() => import('../../features/infrastructure/pages/ipam-zones.page'), 'IpamZonesPage'),
  }),
  infra('configuration/cloud-product/blueprints', 'Infrastructure', 'Blueprints', {
    title: 'Blueprints',
    description: 'HSM templates customers request cloud HSMs from.',
    search: list(InfrastructureSearch.blueprints),
    component: lazyScreen(() => import('../../features/infrastructure/pages/blueprints.page'), 'BlueprintsPage'),
  }),
  infra('configuration/cloud-product/resources', 'Infrastructure', 'Resources', {
    title: 'Resources',
    description: 'What is allocated to whom: placement, addresses, ports and license seats.',
    search: list(InfrastructureSearch.resources),
    component: lazyScreen(() => import('../../features/infrastructure/pages/resources.page'), 'ResourcesPage'),
  }),
  infra('configuration/cloud-product/chsm-provisioners', 'Infrastructure', 'Provisioners', {
    title: 'Provisioners',
    description: 'The agents hosting cloud HSMs: heartbeat, capacity, group and draining.',
    search: list(InfrastructureSearch.provisioners),
    component: lazyScreen(() => import('../../features/infrastructure/pages/provisioners.page'), 'ProvisionersPage'),
  }),
  infra('configuration/cloud-product/chsm-provisioner-groups', 'Infrastructure', 'Provisioner groups', {
    title: 'Provisioner groups',
    description: 'Placement groups of provisioners, each in an IPAM zone.',
    search: list(InfrastructureSearch.provisionerGroups),
    component: lazyScreen(() => import('../../features/infrastructure/pages/provisioner-groups.page'), 'ProvisionerGroupsPage'),
  }),
  infra('configuration/cloud-product/licenses', 'Infrastructure', 'Product licenses', {
    title: 'Product licenses',
    description: 'Licenses per HSM model and the seats cloud HSMs hold.',
    search: list(InfrastructureSearch.productLicenses),
    component: lazyScreen(() => import('../../features/infrastructure/pages/product-licenses.page'), 'ProductLicensesPage'),
  }),
  infra('admin-dashboards/cryptohub/customer-infrastructure', 'Dashboards', 'CryptoHub customers', {
    title: 'CryptoHub: customer infrastructure',
    description: 'Clusters of cloud HSMs per account and the state of their members.',
    component: lazyScreen(() => import('../../features/infrastructure/pages/cryptohub-customer-infrastructure.page'), 'CryptohubCustomerInfrastructurePage'),
  }),
  infra('admin-dashboards/odh/customer-infrastructure', 'Dashboards', 'On-demand HSM customers', {
    title: 'On-demand HSMs: customer infrastructure',
    description: 'Cloud HSMs by status, location and account, and requests per day.',
    component: lazyScreen(() => import('../../features/infrastructure/pages/odh-customer-infrastructure.page'), 'OdhCustomerInfrastructurePage'),
  }),
  infra('admin-dashboards/odh/provisioning-infrastructure', 'Dashboards', 'Provisioning', {
    title: 'On-demand HSMs: provisioning infrastructure',
    description: 'Provisioner and zone capacity, the provisioning queue, run durations and failures.',
    component: lazyScreen(() => import('../../features/infrastructure/pages/provisioning-infrastructure.page'), 'ProvisioningInfrastructurePage'),
  }),
] as const;
// Stripe SetupIntents (customers adding cards); the spec's path keeps its spelling.
export const cardSetupsDashboard = infra('admin-dashboards/cryptohub_setuptintents', 'Dashboards', 'Card setups', {
  title: 'Card setups',
  description: 'Customers adding cards per day by state, and the setups stuck or failed.',
  search: list(setupIntentsSearch),
  component: lazyScreen(() => import('../../features/billing/pages/setup-intents-dashboard.page'), 'SetupIntentsDashboardPage'),
});
