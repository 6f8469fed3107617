import { ApiPath } from '@keydeck/contract/http';
import { cloudCatalogueResponse } from '@keydeck/contract/blueprints';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as catalogue from './catalogue.service.ts';

/** The cloud product catalogue customers request cloud HSMs from: anyone who may see services. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(ApiPath.cloudCatalogue, {
    schema: { operationId: 'getCloudCatalogue', response: { 200: cloudCatalogueResponse } },
    config: { permission: Permission.servicesRead },
    handler: (request) => catalogue.list(request.tx),
  });
}
