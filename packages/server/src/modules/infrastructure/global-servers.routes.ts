import { infrastructureApi } from '@keydeck/contract/infrastructure.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared } from '../../platform/endpoint-route.ts';
import * as servers from './global-servers.service.ts';

/** The servers of every datacenter (spec §2 /configuration/datacenter-infrastructure/global_servers). */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;

  routes.route({
    ...declared(infrastructureApi.listGlobalServers),
    config: { permission },
    handler: (request) => servers.list(request.tx, request.query),
  });

  routes.route({
    ...declared(infrastructureApi.getGlobalServer),
    config: { permission },
    handler: async (request) => ({ data: await servers.get(request.tx, request.params.server_id) }),
  });

  routes.route({
    ...declared(infrastructureApi.createGlobalServer),
    config: { permission },
    audit: {
      action: 'infrastructure.server.create',
      target: ({ body, result }) => (result ? { id: result.data.id, name: result.data.hostname } : body.hostname),
    },
    handler: async (request, reply) => {
      const created = await servers.create(request.tx, request.body);
      reply.status(201);
      return { data: created };
    },
  });

  routes.route({
    ...declared(infrastructureApi.updateGlobalServer),
    config: { permission },
    audit: { action: 'infrastructure.server.update', target: ({ params, body }) => ({ id: params.server_id, name: body.hostname }) },
    handler: async (request) => ({ data: await servers.update(request.tx, request.params.server_id, request.body) }),
  });

  routes.route({
    ...declared(infrastructureApi.deleteGlobalServer),
    config: { permission },
    audit: {
      action: 'infrastructure.server.delete',
      before: async ({ params, tx }) => ({ name: await servers.hostnameOf(tx, params.server_id) }),
      target: ({ params, before }) => ({ id: params.server_id, name: before.name }),
    },
    handler: async (request) => {
      await servers.remove(request.tx, request.params.server_id);
      return { data: { id: request.params.server_id } };
    },
  });
}
