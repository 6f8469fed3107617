import { serviceUserVariants } from '@keydeck/contract/service-users.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditInput } from '../../platform/audit-declaration.ts';
import { declared } from '../../platform/endpoint-route.ts';
import { serviceDataRoutes } from '../../platform/service-data-routes.ts';
import * as serviceUsers from './service-users.service.ts';

/**
 * The two variants of the service user and group calls (spec §7): the plain paths for services reached with
 * the console session, the jwt_ paths for services whose sessions are bearer tokens. Same handlers.
 */
const VARIANTS = [
  { jwt: false, api: serviceUserVariants.plain },
  { jwt: true, api: serviceUserVariants.jwt },
] as const;

/** Names the service and who or what changed, for the audit trail. */
function serviceTarget({ request }: AuditInput, names: string[]) {
  return `${request.serviceAccess.serviceName}: ${names.join(', ')}`;
}

export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  for (const variant of VARIANTS) {
    const { view, modify, scopeOf } = serviceDataRoutes('User', { jwt: variant.jwt });
    // Who one is in the service needs the session only, no category.
    const session = serviceDataRoutes(null, { jwt: variant.jwt });

    routes.route({
      ...declared(variant.api.listUsers),
      config: view,
      handler: async (request) => ({ users: await serviceUsers.listUsers(scopeOf(request), request.query.groups) }),
    });
    routes.route({
      ...declared(variant.api.addUsers),
      config: modify,
      audit: { action: 'service_user.create', target: (input) => serviceTarget(input, input.body.users.map((u) => `${u.username} (${u.group_name})`)) },
      handler: async (request, reply) => {
        await serviceUsers.addUsers(scopeOf(request), request.body.users);
        reply.status(201);
        return { users: await serviceUsers.listUsers(scopeOf(request), []) };
      },
    });
    routes.route({
      ...declared(variant.api.moveUsers),
      config: modify,
      audit: { action: 'service_user.update', target: (input) => serviceTarget(input, input.body.users.map((u) => `${u.username} (${u.group_name})`)) },
      handler: async (request) => {
        await serviceUsers.moveUsers(scopeOf(request), request.body.users);
        return { users: await serviceUsers.listUsers(scopeOf(request), []) };
      },
    });
    routes.route({
      ...declared(variant.api.removeUsers),
      config: modify,
      audit: { action: 'service_user.delete', target: (input) => serviceTarget(input, input.body.users) },
      handler: async (request) => {
        await serviceUsers.removeUsers(scopeOf(request), request.body.users);
        return { users: request.body.users };
      },
    });

    routes.route({
      ...declared(variant.api.listGroups),
      config: view,
      handler: async (request) => ({ groups: await serviceUsers.listGroups(scopeOf(request)) }),
    });
    routes.route({
      ...declared(variant.api.createGroups),
      config: modify,
      audit: {
        action: 'service_user_group.create',
        target: (input) => serviceTarget(input, input.body.groups.map((g) => ('group_name' in g ? g.group_name : g.name))),
        reason: ({ body }) => (body.action === 'import' ? 'import' : undefined),
      },
      handler: async (request, reply) => {
        const body = request.body;
        const groups = body.action === 'create' ? body.groups.map((g) => ({ ...g, name: g.group_name })) : body.groups;
        await serviceUsers.createGroups(scopeOf(request), groups, body.action === 'create' ? 'group_name' : 'name');
        reply.status(201);
        return { groups: await serviceUsers.listGroups(scopeOf(request)) };
      },
    });
    routes.route({
      ...declared(variant.api.updateGroups),
      config: modify,
      audit: { action: 'service_user_group.update', target: (input) => serviceTarget(input, input.body.groups.map((g) => g.group_name)) },
      handler: async (request) => {
        await serviceUsers.updateGroups(scopeOf(request), request.body.groups);
        return { groups: await serviceUsers.listGroups(scopeOf(request)) };
      },
    });
    routes.route({
      ...declared(variant.api.deleteGroups),
      config: modify,
      audit: { action: 'service_user_group.delete', target: (input) => serviceTarget(input, input.body.groups) },
      handler: async (request) => {
        await serviceUsers.deleteGroups(scopeOf(request), request.body.groups);
        return { groups: request.body.groups };
      },
    });

    routes.route({
      ...declared(variant.api.groupPermissions),
      config: view,
      handler: (request) => serviceUsers.groupPermissions(scopeOf(request), request.query.group_name),
    });
    routes.route({
      ...declared(variant.api.currentGroup),
      config: session.view,
      handler: (request) => {
        const scope = session.scopeOf(request);
        return serviceUsers.current(scope, scope.actor);
      },
    });
  }
}
