import { infrastructureApi as api } from '@keydeck/contract/infrastructure.api';
import type { FastifyInstance } from 'fastify';
import * as servers from './global-servers.service.ts';
import { entityRoutes } from './infrastructure-crud.ts';

/** The servers of every datacenter (spec §2 /configuration/datacenter-infrastructure/global_servers). */
export function register(app: FastifyInstance): void {
  entityRoutes(app, {
    endpoints: { list: api.listGlobalServers, get: api.getGlobalServer, create: api.createGlobalServer, update: api.updateGlobalServer, remove: api.deleteGlobalServer },
    param: 'server_id',
    actions: { create: 'infrastructure.server.create', update: 'infrastructure.server.update', delete: 'infrastructure.server.delete' },
    label: 'hostname',
    storedLabel: servers.hostnameOf,
    service: servers,
  });
}
