import { infrastructureApi } from '@keydeck/contract/infrastructure.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared } from '../../platform/endpoint-route.ts';
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

  routes.route({
    ...declared(infrastructureApi.listProvisionerGroups),
    config: { permission },
    handler: (request) => groups.list(request.tx, request.query),
  });

  routes.route({
    ...declared(infrastructureApi.getProvisionerGroup),
    config: { permission },
    handler: async (request) => ({ data: await groups.get(request.tx, request.params.group_id) }),
  });

  routes.route({
    ...declared(infrastructureApi.createProvisionerGroup),
    config: { permission },
    audit: {
      action: 'infrastructure.provisioner_group.create',
      target: ({ body, result }) => (result ? { id: result.data.id, name: result.data.name } : body.name),
    },
    handler: async (request, reply) => {
      const created = await groups.create(request.tx, request.body);
      reply.status(201);
      return { data: created };
    },
  });

  routes.route({
    ...declared(infrastructureApi.updateProvisionerGroup),
    config: { permission },
    audit: { action: 'infrastructure.provisioner_group.update', target: ({ params, body }) => ({ id: params.group_id, name: body.name }) },
    handler: async (request) => ({ data: await groups.update(request.tx, request.params.group_id, request.body) }),
  });

  routes.route({
    ...declared(infrastructureApi.deleteProvisionerGroup),
    config: { permission },
    audit: {
      action: 'infrastructure.provisioner_group.delete',
      before: async ({ params, tx }) => ({ name: await groups.nameOf(tx, params.group_id) }),
      target: ({ params, before }) => ({ id: params.group_id, name: before.name }),
    },
    handler: async (request) => {
      await groups.remove(request.tx, request.params.group_id);
      return { data: { id: request.params.group_id } };
    },
  });

  routes.route({
    ...declared(infrastructureApi.listProvisioners),
    config: { permission },
    handler: (request) => provisioners.list(request.tx, request.query),
  });

  routes.route({
    ...declared(infrastructureApi.getProvisioner),
    config: { permission },
    handler: async (request) => ({ data: await provisioners.get(request.tx, request.params.provisioner_id) }),
  });

  routes.route({
    ...declared(infrastructureApi.updateProvisioner),
    config: { permission },
    audit: {
      action: 'infrastructure.provisioner.update',
      target: ({ params, result }) => ({ id: params.provisioner_id, name: result?.data.name }),
      reason: ({ body }) => `group_id=${body.group_id ?? 'none'}, draining=${body.draining}`,
    },
    handler: async (request) => ({ data: await provisioners.update(request.tx, request.params.provisioner_id, request.body) }),
  });

  routes.route({
    ...declared(infrastructureApi.deleteProvisioner),
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
