import { ApiPath } from '@keydeck/contract/http';
import { customerDashboardResponse, dashboardParams, provisioningDashboardResponse } from '@keydeck/contract/infrastructure-dashboards';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as dashboards from './dashboards.service.ts';

/** The platform dashboards' data (spec §2 /admin-dashboards/*): platform administrators only. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;

  routes.get(ApiPath.customerInfrastructureDashboard, {
    schema: { operationId: 'getCustomerInfrastructureDashboard', params: dashboardParams, response: { 200: customerDashboardResponse } },
    config: { permission },
    handler: async (request) => ({ data: await dashboards.customerInfrastructure(request.tx, request.params.product) }),
  });

  routes.get(ApiPath.provisioningInfrastructureDashboard, {
    schema: { operationId: 'getProvisioningInfrastructureDashboard', response: { 200: provisioningDashboardResponse } },
    config: { permission },
    handler: async (request) => ({ data: await dashboards.provisioningInfrastructure(request.tx) }),
  });
}
