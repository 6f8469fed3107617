import { infrastructureApi } from '@keydeck/contract/infrastructure.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared } from '../../platform/endpoint-route.ts';
import * as blueprints from './blueprints.service.ts';

/** HSM templates customers request cloud HSMs from (spec §2 /configuration/cloud-product/blueprints). */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;

  routes.route({
    ...declared(infrastructureApi.listBlueprints),
    config: { permission },
    handler: (request) => blueprints.list(request.tx, request.query),
  });

  routes.route({
    ...declared(infrastructureApi.getBlueprint),
    config: { permission },
    handler: async (request) => ({ data: await blueprints.get(request.tx, request.params.blueprint_id) }),
  });

  routes.route({
    ...declared(infrastructureApi.createBlueprint),
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

  routes.route({
    ...declared(infrastructureApi.updateBlueprint),
    config: { permission },
    audit: { action: 'infrastructure.blueprint.update', target: ({ params, body }) => ({ id: params.blueprint_id, name: body.name }) },
    handler: async (request) => ({ data: await blueprints.update(request.tx, request.params.blueprint_id, request.body) }),
  });

  routes.route({
    ...declared(infrastructureApi.deleteBlueprint),
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
