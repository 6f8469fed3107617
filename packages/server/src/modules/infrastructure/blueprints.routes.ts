import { ApiPath } from '@keydeck/contract/http';
import { blueprintFields, blueprintParams, blueprintResponse, blueprintsPage } from '@keydeck/contract/blueprints';
import { infrastructureDeletedResponse } from '@keydeck/contract/infrastructure';
import { blueprintsQuery } from '@keydeck/contract/infrastructure-queries';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as blueprints from './blueprints.service.ts';

/** HSM templates customers request cloud HSMs from (spec §2 /configuration/cloud-product/blueprints). */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;

  routes.get(ApiPath.blueprints, {
    schema: { operationId: 'listBlueprints', querystring: blueprintsQuery, response: { 200: blueprintsPage } },
    config: { permission },
    handler: (request) => blueprints.list(request.tx, request.query),
  });

  routes.get(ApiPath.blueprint, {
    schema: { operationId: 'getBlueprint', params: blueprintParams, response: { 200: blueprintResponse } },
    config: { permission },
    handler: async (request) => ({ data: await blueprints.get(request.tx, request.params.blueprint_id) }),
  });

  routes.post(ApiPath.blueprints, {
    schema: { operationId: 'createBlueprint', body: blueprintFields, response: { 201: blueprintResponse } },
    config: { permission },
    audit: {
      action: 'infrastructure.blueprint.create',
      target: ({ body, result }) => (result ? { id: result.data.id, name: result.data.name } : body.name),
    },
    handler: async (request, reply) => {
      const created = await blueprints.create(request.tx, request.body);
      reply.status(201);
      return { data: created };
    },
  });

  routes.put(ApiPath.blueprint, {
    schema: { operationId: 'updateBlueprint', params: blueprintParams, body: blueprintFields, response: { 200: blueprintResponse } },
    config: { permission },
    audit: { action: 'infrastructure.blueprint.update', target: ({ params, body }) => ({ id: params.blueprint_id, name: body.name }) },
    handler: async (request) => ({ data: await blueprints.update(request.tx, request.params.blueprint_id, request.body) }),
  });

  routes.delete(ApiPath.blueprint, {
    schema: { operationId: 'deleteBlueprint', params: blueprintParams, response: { 200: infrastructureDeletedResponse } },
    config: { permission },
    audit: {
      action: 'infrastructure.blueprint.delete',
      before: async ({ params, tx }) => ({ name: await blueprints.nameOf(tx, params.blueprint_id) }),
      target: ({ params, before }) => ({ id: params.blueprint_id, name: before.name }),
    },
    handler: async (request) => {
      await blueprints.remove(request.tx, request.params.blueprint_id);
      return { data: { id: request.params.blueprint_id } };
    },
  });
}
