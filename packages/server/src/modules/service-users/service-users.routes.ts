import { ApiPath } from '@keydeck/contract/http';
import {
  serviceUserGroupCurrent,
  serviceUserGroupPermissionsQuery,
  serviceUserGroupPermissionsResponse,
  serviceUserGroupsCreateBody,
  serviceUserGroupsDeleteBody,
  serviceUserGroupsResponse,
  serviceUserGroupsUpdateBody,
  serviceUsersBody,
  serviceUsersDeleteBody,
  serviceUsersQuery,
  serviceUsersResponse,
} from '@keydeck/contract/service-users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditInput } from '../../platform/audit-declaration.ts';
import { serviceDataRoutes } from '../../platform/service-data-routes.ts';
import * as serviceUsers from './service-users.service.ts';

/**
 * The two variants of the service user and group calls (spec §7): the plain paths for services reached with
 * the console session, the jwt_ paths for services whose sessions are bearer tokens. Same handlers.
 */
const VARIANTS = [
  {
    jwt: false,
    id: 'Service',
    users: ApiPath.serviceUsers,
    groups: ApiPath.serviceUserGroups,
    permissions: ApiPath.serviceUserGroupPermissions,
    current: ApiPath.serviceUserGroupCurrent,
  },
  {
    jwt: true,
    id: 'JwtService',
    users: ApiPath.jwtServiceUsers,
    groups: ApiPath.jwtServiceUserGroups,
    permissions: ApiPath.jwtServiceUserGroupPermissions,
    current: ApiPath.jwtServiceUserGroupCurrent,
  },
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

    routes.get(variant.users, {
      schema: { operationId: `list${variant.id}Users`, querystring: serviceUsersQuery, response: { 200: serviceUsersResponse } },
      config: view,
      handler: async (request) => ({ users: await serviceUsers.listUsers(scopeOf(request), request.query.groups) }),
    });
    routes.post(variant.users, {
      schema: { operationId: `add${variant.id}Users`, body: serviceUsersBody, response: { 201: serviceUsersResponse } },
      config: modify,
      audit: { action: 'service_user.create', target: (input) => serviceTarget(input, input.body.users.map((u) => `${u.username} (${u.group_name})`)) },
      handler: async (request, reply) => {
        await serviceUsers.addUsers(scopeOf(request), request.body.users);
        reply.status(201);
        return { users: await serviceUsers.listUsers(scopeOf(request), []) };
      },
    });
    routes.put(variant.users, {
      schema: { operationId: `move${variant.id}Users`, body: serviceUsersBody, response: { 200: serviceUsersResponse } },
      config: modify,
      audit: { action: 'service_user.update', target: (input) => serviceTarget(input, input.body.users.map((u) => `${u.username} (${u.group_name})`)) },
      handler: async (request) => {
        await serviceUsers.moveUsers(scopeOf(request), request.body.users);
        return { users: await serviceUsers.listUsers(scopeOf(request), []) };
      },
    });
    routes.delete(variant.users, {
      schema: { operationId: `remove${variant.id}Users`, body: serviceUsersDeleteBody, response: { 200: serviceUsersDeleteBody } },
      config: modify,
      audit: { action: 'service_user.delete', target: (input) => serviceTarget(input, input.body.users) },
      handler: async (request) => {
        await serviceUsers.removeUsers(scopeOf(request), request.body.users);
        return { users: request.body.users };
      },
    });

    routes.get(variant.groups, {
      schema: { operationId: `list${variant.id}UserGroups`, response: { 200: serviceUserGroupsResponse } },
      config: view,
      handler: async (request) => ({ groups: await serviceUsers.listGroups(scopeOf(request)) }),
    });
    routes.post(variant.groups, {
      schema: { operationId: `create${variant.id}UserGroups`, body: serviceUserGroupsCreateBody, response: { 201: serviceUserGroupsResponse } },
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
    routes.put(variant.groups, {
      schema: { operationId: `update${variant.id}UserGroups`, body: serviceUserGroupsUpdateBody, response: { 200: serviceUserGroupsResponse } },
      config: modify,
      audit: { action: 'service_user_group.update', target: (input) => serviceTarget(input, input.body.groups.map((g) => g.group_name)) },
      handler: async (request) => {
        await serviceUsers.updateGroups(scopeOf(request), request.body.groups);
        return { groups: await serviceUsers.listGroups(scopeOf(request)) };
      },
    });
    routes.delete(variant.groups, {
      schema: { operationId: `delete${variant.id}UserGroups`, body: serviceUserGroupsDeleteBody, response: { 200: serviceUserGroupsDeleteBody } },
      config: modify,
      audit: { action: 'service_user_group.delete', target: (input) => serviceTarget(input, input.body.groups) },
      handler: async (request) => {
        await serviceUsers.deleteGroups(scopeOf(request), request.body.groups);
        return { groups: request.body.groups };
      },
    });

    routes.get(variant.permissions, {
      schema: {
        operationId: `get${variant.id}UserGroupPermissions`,
        querystring: serviceUserGroupPermissionsQuery,
        response: { 200: serviceUserGroupPermissionsResponse },
      },
      config: view,
      handler: (request) => serviceUsers.groupPermissions(scopeOf(request), request.query.group_name),
    });
    routes.get(variant.current, {
      schema: { operationId: `current${variant.id}UserGroup`, response: { 200: serviceUserGroupCurrent } },
      config: session.view,
      handler: (request) => {
        const scope = session.scopeOf(request);
        return serviceUsers.current(scope, scope.actor);
      },
    });
  }
}
