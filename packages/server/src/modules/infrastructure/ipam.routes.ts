import { infrastructureApi as api } from '@keydeck/contract/infrastructure.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared } from '../../platform/endpoint-route.ts';
import { entityRoutes } from './infrastructure-crud.ts';
import * as pools from './ipam-pools.service.ts';
import * as zones from './ipam-zones.service.ts';

/** IPAM zones, their IPv4/IPv6 pools and the addresses handed out (spec §2 /configuration/cloud-product/ipam-zones). */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;

  entityRoutes(app, {
    endpoints: { list: api.listIpamZones, get: api.getIpamZone, create: api.createIpamZone, update: api.updateIpamZone, remove: api.deleteIpamZone },
    param: 'zone_id',
    actions: { create: 'infrastructure.zone.create', update: 'infrastructure.zone.update', delete: 'infrastructure.zone.delete' },
    label: 'name',
    storedLabel: zones.nameOf,
    service: zones,
  });

  routes.route({
    ...declared(api.addIpamPool),
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
    ...declared(api.removeIpamPool),
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
    ...declared(api.listIpamAllocations),
    config: { permission },
    handler: (request) => pools.listAllocations(request.tx, request.params.zone_id, request.query),
  });
}
