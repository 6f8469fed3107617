import { Permission } from '@keydeck/contract/permissions';
import { servicesDashboardSearch, serviceWorkspaceSearch } from '../../features/services/services.search';
import { lenientSearch } from '../../lib/ui/list-search';
import { lazyScreen } from '../lazy-screen';
import { list, query, screen } from '../screen';
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
  nav: { label: 'Services', description: 'Your services: select one and log in to work in it.' },
  search: list(servicesDashboardSearch),
  component: lazyScreen(() => import('../../features/services/pages/services-dashboard.page'), 'ServicesDashboardPage'),
});
// The current service's workspace; its sections are tabs named by ?section=.
const serviceWorkspace = screen(shell, 'home/service', {
  permission: Permission.servicesRead,
  title: 'Service',
  search: query(lenientSearch(serviceWorkspaceSearch)),
  component: lazyScreen(() => import('../pages/service-workspace.page'), 'ServiceWorkspacePage'),
});
const serviceAdmin = screen(shell, 'home/service/admin', {
  permission: Permission.servicesRead,
  title: 'Service users and groups',
  nav: { label: 'Service users', description: 'Who may work in the current service, and what each group may do.' },
  component: lazyScreen(() => import('../pages/service-admin.page'), 'ServiceAdminPage'),
});
const serviceCatalogue = screen(shell, 'key-management-services', {
  permission: Permission.servicesRead,
  title: 'Request a service',
  nav: { label: 'Request a service', description: 'The service types your account can request.' },
  component: lazyScreen(() => import('../../features/services/pages/service-catalogue.page'), 'ServiceCataloguePage'),
});

export const homeScreens = [home, servicesDashboard, serviceWorkspace, serviceAdmin, serviceCatalogue] as const;
