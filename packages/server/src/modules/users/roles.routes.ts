import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import {
  rolesCreateBody,
  rolesDeleteBody,
  rolesDeleteResponse,
  rolesListQuery,
  rolesPage,
  rolesResponse,
  rolesUpdateBody,
} from '@keydeck/contract/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { targetAccount } from '../../platform/account-access.ts';
import { namedAccount } from '../../platform/audit-declaration.ts';
import { findAccount } from '../accounts/accounts.service.ts';
import * as roles from './roles.service.ts';

/** Spec §7: user/roles/{x} GET, POST, PUT, DELETE (body roles): named sets of permissions of one account. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** Resolves the account the call names. */
  async function accountOf(request: FastifyRequest, accountId: string | undefined): Promise<string> {
    return (await findAccount(request.tx, targetAccount(request.principal!, accountId))).id;
  }

  routes.get(ApiPath.roles, {
    schema: { operationId: 'listRoles', querystring: rolesListQuery, response: { 200: rolesPage } },
    config: { permission: Permission.usersRead },
    handler: async (request) => roles.listRoles(request.tx, await accountOf(request, request.query.account_id), request.query),
  });

  routes.post(ApiPath.roles, {
    schema: { operationId: 'createRoles', body: rolesCreateBody, response: { 201: rolesResponse } },
    config: { permission: Permission.rolesManage },
    audit: { action: 'roles.create', target: ({ body }) => body.roles.map((r) => r.name).join(', '), account: namedAccount },
    handler: async (request, reply) => {
      const accountId = await accountOf(request, request.body.account_id);
      const created = await roles.createRoles(request.tx, request.principal!, accountId, request.body.roles);
      // Returned, not sent: the response leaves only after the transaction has committed.
      reply.status(201);
      return { roles: created };
    },
  });

  routes.put(ApiPath.roles, {
    schema: { operationId: 'updateRoles', body: rolesUpdateBody, response: { 200: rolesResponse } },
    config: { permission: Permission.rolesManage },
    audit: {
      action: 'roles.update',
      target: ({ body, result }) => ({ id: body.roles.map((r) => r.id).join(', '), name: result?.roles.map((r) => r.name).join(', ') }),
      account: namedAccount,
    },
    handler: async (request) => {
      const accountId = await accountOf(request, request.body.account_id);
      return { roles: await roles.updateRoles(request.tx, request.principal!, accountId, request.body.roles) };
    },
  });

  routes.delete(ApiPath.roles, {
    schema: { operationId: 'deleteRoles', body: rolesDeleteBody, response: { 200: rolesDeleteResponse } },
    config: { permission: Permission.rolesManage },
    audit: { action: 'roles.delete', target: ({ body }) => body.roles.join(', '), account: namedAccount },
    handler: async (request) => {
      return { roles: await roles.deleteRoles(request.tx, request.principal!, await accountOf(request, request.body.account_id), request.body.roles) };
    },
  });
}
