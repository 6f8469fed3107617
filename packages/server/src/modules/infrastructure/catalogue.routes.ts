import { infrastructureApi } from '@keydeck/contract/infrastructure.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared } from '../../platform/endpoint-route.ts';
import * as catalogue from './catalogue.service.ts';

/** The cloud product catalogue customers request cloud HSMs from: anyone who may see services. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    ...declared(infrastructureApi.getCloudCatalogue),
    config: { permission: Permission.servicesRead },
    handler: (request) => catalogue.list(request.tx),
  });
}
