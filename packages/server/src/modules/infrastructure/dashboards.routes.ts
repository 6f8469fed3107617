import { infrastructureApi } from '@keydeck/contract/infrastructure.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared } from '../../platform/endpoint-route.ts';
import * as dashboards from './dashboards.service.ts';

/** The platform dashboards' data (spec §2 /admin-dashboards/*): platform administrators only. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;

  routes.route({
    ...declared(infrastructureApi.getCustomerInfrastructureDashboard),
    config: { permission },
    handler: async (request) => ({ data: await dashboards.customerInfrastructure(request.tx, request.params.product) }),
  });

  routes.route({
    ...declared(infrastructureApi.getProvisioningInfrastructureDashboard),
    config: { permission },
    handler: async (request) => ({ data: await dashboards.provisioningInfrastructure(request.tx) }),
  });
}
