import { infrastructureApi } from '@keydeck/contract/infrastructure.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared } from '../../platform/endpoint-route.ts';
import * as resources from './resources.service.ts';

/** What is allocated to whom (spec §2 /configuration/cloud-product/resources): platform administrators only. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    ...declared(infrastructureApi.listResources),
    config: { permission: Permission.platformAdmin },
    handler: (request) => resources.list(request.tx, request.query),
  });
}
