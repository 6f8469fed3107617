import { infrastructureApi as api } from '@keydeck/contract/infrastructure.api';
import type { FastifyInstance } from 'fastify';
import * as blueprints from './blueprints.service.ts';
import { entityRoutes } from './infrastructure-crud.ts';

/** HSM templates customers request cloud HSMs from (spec §2 /configuration/cloud-product/blueprints). */
export function register(app: FastifyInstance): void {
  entityRoutes(app, {
    endpoints: { list: api.listBlueprints, get: api.getBlueprint, create: api.createBlueprint, update: api.updateBlueprint, remove: api.deleteBlueprint },
    param: 'blueprint_id',
    actions: { create: 'infrastructure.blueprint.create', update: 'infrastructure.blueprint.update', delete: 'infrastructure.blueprint.delete' },
    label: 'name',
    storedLabel: blueprints.nameOf,
    service: blueprints,
  });
}
