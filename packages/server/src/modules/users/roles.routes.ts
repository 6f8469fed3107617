import { Permission } from '@keydeck/contract/permissions';
import { rolesApi } from '@keydeck/contract/roles.api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { targetAccount } from '../../platform/account-access.ts';
import { namedAccount } from '../../platform/audit-declaration.ts';
import { namesBefore } from '../../platform/audit-names.ts';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import { findAccount } from '../accounts/accounts.service.ts';
import * as roles from './roles.service.ts';

/** Spec §7: user/roles/{x} GET, POST, PUT, DELETE (body roles): named sets of permissions of one account. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** Resolves the account the call names. */
  async function accountOf(request: FastifyRequest, accountId: string | undefined): Promise<string> {
    return (await findAccount(request.tx, targetAccount(principalOf(request), accountId))).id;
  }

  routes.route({
    ...declared(rolesApi.listRoles),
    config: { permission: Permission.usersRead },
    handler: async (request) => roles.listRoles(request.tx, await accountOf(request, request.query.account_id), request.query),
  });

  routes.route({
    ...declared(rolesApi.createRoles),
    config: { permission: Permission.rolesManage },
    audit: { action: 'roles.create', target: ({ body }) => body.roles.map((r) => r.name).join(', '), account: namedAccount },
    handler: async (request, reply) => {
      const accountId = await accountOf(request, request.body.account_id);
      const created = await roles.createRoles(request.tx, principalOf(request), accountId, request.body.roles);
      // Returned, not sent: the response leaves only after the transaction has committed.
      reply.status(201);
      return { roles: created };
    },
  });

  routes.route({
    ...declared(rolesApi.updateRoles),
    config: { permission: Permission.rolesManage },
    audit: {
      action: 'roles.update',
      target: ({ body, result }) => ({ id: body.roles.map((r) => r.id).join(', '), name: result?.roles.map((r) => r.name).join(', ') }),
      account: namedAccount,
    },
    handler: async (request) => {
      const accountId = await accountOf(request, request.body.account_id);
      return { roles: await roles.updateRoles(request.tx, principalOf(request), accountId, request.body.roles) };
    },
  });

  routes.route({
    ...declared(rolesApi.deleteRoles),
    config: { permission: Permission.rolesManage },
    audit: {
      action: 'roles.delete',
      before: ({ body, tx }) => namesBefore(tx, body.roles),
      target: ({ body, before }) => ({ id: body.roles.join(', '), name: before.names }),
      account: namedAccount,
    },
    handler: async (request) => {
      return { roles: await roles.deleteRoles(request.tx, principalOf(request), await accountOf(request, request.body.account_id), request.body.roles) };
    },
  });
}
