import { queryOptions } from '@tanstack/react-query';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { customerDashboardResponse, provisioningDashboardResponse, type CustomerDashboard, type DASHBOARD_PRODUCTS } from '@keydeck/contract/infrastructure-dashboards';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './infrastructure-keys';

type DashboardProduct = (typeof DASHBOARD_PRODUCTS)[number];
/** The dashboards show live figures: asked again each minute while open. */
const DASHBOARD_REFRESH_MS = 60_000;

export const customerDashboardQueryOptions = <P extends DashboardProduct>(product: P) =>
  queryOptions({
    queryKey: dashboardKeys.detail(product, 'customer-infrastructure'),
    queryFn: async ({ signal }) => {
      const { data } = await apiRequest(apiPath(ApiPath.customerInfrastructureDashboard, { product }), { schema: customerDashboardResponse, signal });
      if (data.product !== product) throw new Error(`The server answered the ${data.product} dashboard for ${product}`);
      return data as Extract<CustomerDashboard, { product: P }>;
    },
    refetchInterval: DASHBOARD_REFRESH_MS,
    meta: { errorContext: 'Could not load the dashboard' },
  });

export const provisioningDashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.detail('odh', 'provisioning-infrastructure'),
    queryFn: async ({ signal }) => (await apiRequest(ApiPath.provisioningInfrastructureDashboard, { schema: provisioningDashboardResponse, signal })).data,
    refetchInterval: DASHBOARD_REFRESH_MS,
    meta: { errorContext: 'Could not load the dashboard' },
  });
