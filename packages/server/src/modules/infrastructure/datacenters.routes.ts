import { infrastructureApi as api } from '@keydeck/contract/infrastructure.api';
import type { FastifyInstance } from 'fastify';
import * as datacenters from './datacenters.service.ts';
import { entityRoutes } from './infrastructure-crud.ts';

/** The platform's datacenters (spec §2 /configuration/datacenter-infrastructure): platform administrators only. */
export function register(app: FastifyInstance): void {
  entityRoutes(app, {
    endpoints: { list: api.listDatacenters, get: api.getDatacenter, create: api.createDatacenter, update: api.updateDatacenter, remove: api.deleteDatacenter },
    param: 'datacenter_id',
    actions: { create: 'infrastructure.datacenter.create', update: 'infrastructure.datacenter.update', delete: 'infrastructure.datacenter.delete' },
    label: 'name',
    storedLabel: datacenters.nameOf,
    service: datacenters,
  });
}
