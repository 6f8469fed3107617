import { queryOptions } from '@tanstack/react-query';
import { infrastructureApi } from '@keydeck/contract/infrastructure.api';
import type { CustomerDashboard, DASHBOARD_PRODUCTS } from '@keydeck/contract/infrastructure-dashboards';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './infrastructure-keys';

type DashboardProduct = (typeof DASHBOARD_PRODUCTS)[number];
/** The dashboards show live figures: asked again each minute while open. */
const DASHBOARD_REFRESH_MS = 60_000;

export const customerDashboardQueryOptions = <P extends DashboardProduct>(product: P) =>
  queryOptions({
    queryKey: dashboardKeys.detail(product, 'customer-infrastructure'),
    queryFn: async ({ signal }) => {
      const { data } = await callApi(infrastructureApi.getCustomerInfrastructureDashboard, { params: { product }, signal });
      if (data.product !== product) throw new Error(`The server answered the ${data.product} dashboard for ${product}`);
      return data as Extract<CustomerDashboard, { product: P }>;
    },
    refetchInterval: DASHBOARD_REFRESH_MS,
    meta: { errorContext: 'Could not load the dashboard' },
  });

export const provisioningDashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.detail('odh', 'provisioning-infrastructure'),
    queryFn: async ({ signal }) => (await callApi(infrastructureApi.getProvisioningInfrastructureDashboard, { signal })).data,
    refetchInterval: DASHBOARD_REFRESH_MS,
    meta: { errorContext: 'Could not load the dashboard' },
  });
