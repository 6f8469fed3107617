import { ApiPath } from '@keydeck/contract/http';
import { globalServerFields, globalServerParams, globalServerResponse, globalServersPage } from '@keydeck/contract/datacenters';
import { infrastructureDeletedResponse } from '@keydeck/contract/infrastructure';
import { globalServersQuery } from '@keydeck/contract/infrastructure-queries';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as servers from './global-servers.service.ts';

/** The servers of every datacenter (spec §2 /configuration/datacenter-infrastructure/global_servers). */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;

  routes.get(ApiPath.globalServers, {
    schema: { operationId: 'listGlobalServers', querystring: globalServersQuery, response: { 200: globalServersPage } },
    config: { permission },
    handler: (request) => servers.list(request.tx, request.query),
  });

  routes.get(ApiPath.globalServer, {
    schema: { operationId: 'getGlobalServer', params: globalServerParams, response: { 200: globalServerResponse } },
    config: { permission },
    handler: async (request) => ({ data: await servers.get(request.tx, request.params.server_id) }),
  });

  routes.post(ApiPath.globalServers, {
    schema: { operationId: 'createGlobalServer', body: globalServerFields, response: { 201: globalServerResponse } },
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

  routes.put(ApiPath.globalServer, {
    schema: { operationId: 'updateGlobalServer', params: globalServerParams, body: globalServerFields, response: { 200: globalServerResponse } },
    config: { permission },
    audit: { action: 'infrastructure.server.update', target: ({ params, body }) => ({ id: params.server_id, name: body.hostname }) },
    handler: async (request) => ({ data: await servers.update(request.tx, request.params.server_id, request.body) }),
  });

  routes.delete(ApiPath.globalServer, {
    schema: { operationId: 'deleteGlobalServer', params: globalServerParams, response: { 200: infrastructureDeletedResponse } },
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
