import { ApiPath } from '@keydeck/contract/http';
import { resourcesPage } from '@keydeck/contract/infrastructure-resources';
import { resourcesQuery } from '@keydeck/contract/infrastructure-queries';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as resources from './resources.service.ts';

/** What is allocated to whom (spec §2 /configuration/cloud-product/resources): platform administrators only. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(ApiPath.resources, {
    schema: { operationId: 'listResources', querystring: resourcesQuery, response: { 200: resourcesPage } },
    config: { permission: Permission.platformAdmin },
    handler: (request) => resources.list(request.tx, request.query),
  });
}
