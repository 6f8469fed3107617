import { infrastructureApi } from '@keydeck/contract/infrastructure.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared } from '../../platform/endpoint-route.ts';
import * as datacenters from './datacenters.service.ts';

/** The platform's datacenters (spec §2 /configuration/datacenter-infrastructure): platform administrators only. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;

  routes.route({
    ...declared(infrastructureApi.listDatacenters),
    config: { permission },
    handler: (request) => datacenters.list(request.tx, request.query),
  });

  routes.route({
    ...declared(infrastructureApi.getDatacenter),
    config: { permission },
    handler: async (request) => ({ data: await datacenters.get(request.tx, request.params.datacenter_id) }),
  });

  routes.route({
    ...declared(infrastructureApi.createDatacenter),
    config: { permission },
    audit: { action: 'infrastructure.datacenter.create', target: ({ body, result }) => (result ? { id: result.data.id, name: result.data.name } : body.name) },
    handler: async (request, reply) => {
      const created = await datacenters.create(request.tx, request.body);
      reply.status(201);
      return { data: created };
    },
  });

  routes.route({
    ...declared(infrastructureApi.updateDatacenter),
    config: { permission },
    audit: { action: 'infrastructure.datacenter.update', target: ({ params, body }) => ({ id: params.datacenter_id, name: body.name }) },
    handler: async (request) => ({ data: await datacenters.update(request.tx, request.params.datacenter_id, request.body) }),
  });

  routes.route({
    ...declared(infrastructureApi.deleteDatacenter),
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
