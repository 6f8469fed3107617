import { infrastructureApi } from '@keydeck/contract/infrastructure.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared } from '../../platform/endpoint-route.ts';
import * as pools from './ipam-pools.service.ts';
import * as zones from './ipam-zones.service.ts';

/** IPAM zones, their IPv4/IPv6 pools and the addresses handed out (spec §2 /configuration/cloud-product/ipam-zones). */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;

  routes.route({
    ...declared(infrastructureApi.listIpamZones),
    config: { permission },
    handler: (request) => zones.list(request.tx, request.query),
  });

  routes.route({
    ...declared(infrastructureApi.getIpamZone),
    config: { permission },
    handler: async (request) => ({ data: await zones.get(request.tx, request.params.zone_id) }),
  });

  routes.route({
    ...declared(infrastructureApi.createIpamZone),
    config: { permission },
    audit: { action: 'infrastructure.zone.create', target: ({ body, result }) => (result ? { id: result.data.id, name: result.data.name } : body.name) },
    handler: async (request, reply) => {
      const created = await zones.create(request.tx, request.body);
      reply.status(201);
      return { data: created };
    },
  });

  routes.route({
    ...declared(infrastructureApi.updateIpamZone),
    config: { permission },
    audit: { action: 'infrastructure.zone.update', target: ({ params, body }) => ({ id: params.zone_id, name: body.name }) },
    handler: async (request) => ({ data: await zones.update(request.tx, request.params.zone_id, request.body) }),
  });

  routes.route({
    ...declared(infrastructureApi.deleteIpamZone),
    config: { permission },
    audit: {
      action: 'infrastructure.zone.delete',
      before: async ({ params, tx }) => ({ name: await zones.nameOf(tx, params.zone_id) }),
      target: ({ params, before }) => ({ id: params.zone_id, name: before.name }),
    },
    handler: async (request) => {
      await zones.remove(request.tx, request.params.zone_id);
      return { data: { id: request.params.zone_id } };
    },
  });

  routes.route({
    ...declared(infrastructureApi.addIpamPool),
    config: { permission },
    audit: {
      action: 'infrastructure.pool.add',
      target: ({ params, body, result }) => (result ? { id: result.data.id, name: result.data.cidr } : `${params.zone_id}: ${body.cidr}`),
    },
    handler: async (request, reply) => {
      const added = await pools.addPool(request.tx, request.params.zone_id, request.body.cidr);
      reply.status(201);
      return { data: added };
    },
  });

  routes.route({
    ...declared(infrastructureApi.removeIpamPool),
    config: { permission },
    audit: {
      action: 'infrastructure.pool.remove',
      before: async ({ params, tx }) => ({ cidr: await pools.cidrOf(tx, params.zone_id, params.pool_id) }),
      target: ({ params, before }) => ({ id: params.pool_id, name: before.cidr }),
    },
    handler: async (request) => {
      await pools.removePool(request.tx, request.params.zone_id, request.params.pool_id);
      return { data: { id: request.params.pool_id } };
    },
  });

  routes.route({
    ...declared(infrastructureApi.listIpamAllocations),
    config: { permission },
    handler: (request) => pools.listAllocations(request.tx, request.params.zone_id, request.query),
  });
}
