import { infrastructureApi as api } from '@keydeck/contract/infrastructure.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared } from '../../platform/endpoint-route.ts';
import { entityRoutes } from './infrastructure-crud.ts';
import * as groups from './provisioner-groups.service.ts';
import * as provisioners from './provisioners.service.ts';

/**
 * Provisioner groups (placement: the provisioners a blueprint's HSMs land on and the zone of their addresses) and
 * the provisioners themselves (spec §2 chsm-provisioner-groups, chsm-provisioners). Provisioners register
 * themselves, so there is no POST for them.
 */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;

  entityRoutes(app, {
    endpoints: {
      list: api.listProvisionerGroups,
      get: api.getProvisionerGroup,
      create: api.createProvisionerGroup,
      update: api.updateProvisionerGroup,
      remove: api.deleteProvisionerGroup,
    },
    param: 'group_id',
    actions: {
      create: 'infrastructure.provisioner_group.create',
      update: 'infrastructure.provisioner_group.update',
      delete: 'infrastructure.provisioner_group.delete',
    },
    label: 'name',
    storedLabel: groups.nameOf,
    service: groups,
  });

  routes.route({
    ...declared(api.listProvisioners),
    config: { permission },
    handler: (request) => provisioners.list(request.tx, request.query),
  });

  routes.route({
    ...declared(api.getProvisioner),
    config: { permission },
    handler: async (request) => ({ data: await provisioners.get(request.tx, request.params.provisioner_id) }),
  });

  routes.route({
    ...declared(api.updateProvisioner),
    config: { permission },
    audit: {
      action: 'infrastructure.provisioner.update',
      target: ({ params, result }) => ({ id: params.provisioner_id, name: result?.data.name }),
      reason: ({ body }) => `group_id=${body.group_id ?? 'none'}, draining=${body.draining}`,
    },
    handler: async (request) => ({ data: await provisioners.update(request.tx, request.params.provisioner_id, request.body) }),
  });

  routes.route({
    ...declared(api.deleteProvisioner),
    config: { permission },
    audit: {
      action: 'infrastructure.provisioner.delete',
      before: async ({ params, tx }) => ({ name: await provisioners.nameOf(tx, params.provisioner_id) }),
      target: ({ params, before }) => ({ id: params.provisioner_id, name: before.name }),
    },
    handler: async (request) => {
      await provisioners.remove(request.tx, request.params.provisioner_id);
      return { data: { id: request.params.provisioner_id } };
    },
  });
}
