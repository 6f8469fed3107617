import { ApiPath } from '@keydeck/contract/http';
import { datacenterFields, datacenterParams, datacenterResponse, datacentersPage } from '@keydeck/contract/datacenters';
import { infrastructureDeletedResponse } from '@keydeck/contract/infrastructure';
import { datacentersQuery } from '@keydeck/contract/infrastructure-queries';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as datacenters from './datacenters.service.ts';

/** The platform's datacenters (spec §2 /configuration/datacenter-infrastructure): platform administrators only. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;

  routes.get(ApiPath.datacenters, {
    schema: { operationId: 'listDatacenters', querystring: datacentersQuery, response: { 200: datacentersPage } },
    config: { permission },
    handler: (request) => datacenters.list(request.tx, request.query),
  });

  routes.get(ApiPath.datacenter, {
    schema: { operationId: 'getDatacenter', params: datacenterParams, response: { 200: datacenterResponse } },
    config: { permission },
    handler: async (request) => ({ data: await datacenters.get(request.tx, request.params.datacenter_id) }),
  });

  routes.post(ApiPath.datacenters, {
    schema: { operationId: 'createDatacenter', body: datacenterFields, response: { 201: datacenterResponse } },
    config: { permission },
    audit: { action: 'infrastructure.datacenter.create', target: ({ body, result }) => (result ? { id: result.data.id, name: result.data.name } : body.name) },
    handler: async (request, reply) => {
      const created = await datacenters.create(request.tx, request.body);
      reply.status(201);
      return { data: created };
    },
  });

  routes.put(ApiPath.datacenter, {
    schema: { operationId: 'updateDatacenter', params: datacenterParams, body: datacenterFields, response: { 200: datacenterResponse } },
    config: { permission },
    audit: { action: 'infrastructure.datacenter.update', target: ({ params, body }) => ({ id: params.datacenter_id, name: body.name }) },
    handler: async (request) => ({ data: await datacenters.update(request.tx, request.params.datacenter_id, request.body) }),
  });

  routes.delete(ApiPath.datacenter, {
    schema: { operationId: 'deleteDatacenter', params: datacenterParams, response: { 200: infrastructureDeletedResponse } },
    config: { permission },
    audit: {
      action: 'infrastructure.datacenter.delete',
      before: async ({ params, tx }) => ({ name: await datacenters.nameOf(tx, params.datacenter_id) }),
      target: ({ params, before }) => ({ id: params.datacenter_id, name: before.name }),
    },
    handler: async (request) => {
      await datacenters.remove(request.tx, request.params.datacenter_id);
      return { data: { id: request.params.datacenter_id } };
    },
  });
}
