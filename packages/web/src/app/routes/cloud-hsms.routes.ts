import { Permission } from '@keydeck/contract/permissions';
import { cloudHsmPageSearch, cloudHsmsSearch, clustersSearch } from '../../features/cloud-hsms/cloud-hsms.search';
import { lazyScreen } from '../lazy-screen';
import { list, screen } from '../screen';
import { shell } from './root.routes';

// Cloud HSMs and clusters: the account's landing (/chc), a cloud_hsms service's HSMs, one HSM, a cluster_management service's clusters.
const cloudHub = screen(shell, 'chc', {
  permission: Permission.servicesRead,
  title: 'Cloud HSMs',
  nav: { label: 'Cloud HSMs', group: 'Workspace', description: 'Your cloud HSMs and clusters at a glance, and the services that hold them.' },
  component: lazyScreen(() => import('../../features/cloud-hsms/pages/cloud-hub.page'), 'CloudHubPage'),
});
const cloudHsms = screen(shell, 'v2/home/accounts/$account_id/services/$service_id/cloud-provisioning/cloud-hsms', {
  permission: Permission.servicesRead,
  title: 'Cloud HSMs',
  search: list(cloudHsmsSearch),
  component: lazyScreen(() => import('../../features/cloud-hsms/pages/cloud-hsms.page'), 'CloudHsmsPage'),
});
const cloudHsmManagement = screen(shell, 'v2/home/services/cloud-hsm-management/$id', {
  permission: Permission.servicesRead,
  title: 'Cloud HSM',
  search: list(cloudHsmPageSearch),
  component: lazyScreen(() => import('../../features/cloud-hsms/pages/cloud-hsm-management.page'), 'CloudHsmManagementPage'),
});
const clusters = screen(shell, 'v2/home/accounts/$account_id/services/$service_id/cluster-management/clusters', {
  permission: Permission.servicesRead,
  title: 'Clusters',
  search: list(clustersSearch),
  component: lazyScreen(() => import('../../features/cloud-hsms/pages/clusters.page'), 'ClustersPage'),
});

export const cloudHsmScreens = [cloudHub, cloudHsms, cloudHsmManagement, clusters] as const;
