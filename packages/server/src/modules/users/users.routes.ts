import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import {
  usersCreateBody,
  usersDeleteBody,
  usersDeleteResponse,
  usersListQuery,
  usersPage,
  usersResponse,
  usersUpdateBody,
} from '@keydeck/contract/users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { mailAfterCommit } from '../../platform/mailer.ts';
import { findAccountById } from '../accounts/accounts.service.ts';
import { inviteMailFor } from '../passwords/passwords.service.ts';
import { targetAccount } from './roles.service.ts';
import * as users from './users.service.ts';

/** Spec §7: user/{x} GET, POST, PUT, DELETE (body users), for the caller's account or, for platform administrators, any. */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** Resolves the account the call names and files the call's audit event under it. */
  async function contextOf(request: FastifyRequest, accountId: string | undefined): Promise<users.UsersContext> {
    const account = await targetAccount(request.tx, request.principal!, accountId);
    request.auditDetails.accountId = account.id;
    return { tx: request.tx, caller: request.principal!, account, idleSeconds: deps.config.session.idleSeconds };
  }

  routes.get(ApiPath.users, {
    schema: { operationId: 'listUsers', querystring: usersListQuery, response: { 200: usersPage } },
    config: { permission: Permission.usersRead },
    handler: async (request) => users.listUsers(await contextOf(request, request.query.account_id), request.query),
  });

  routes.post(ApiPath.users, {
    schema: { operationId: 'createUsers', body: usersCreateBody, response: { 201: usersResponse } },
    config: { permission: Permission.usersManage, audit: 'users.create' },
    handler: async (request, reply) => {
      request.auditDetails.target = request.body.users.map((u) => u.username).join(', ');
      const ctx = await contextOf(request, request.body.account_id);
      const created = await users.createUsers(ctx, request.body.users);
      // Each invited user gets a link to choose their password, mailed once the invitation is committed.
      const account = (await findAccountById(request.tx, ctx.account.id))!;
      const invitation = { accountId: account.id, accountName: account.name, inviter: ctx.caller.name, publicUrl: deps.mailer.publicUrl };
      for (const user of created) mailAfterCommit(request, deps.mailer, await inviteMailFor(request.tx, user, invitation));
      // Returned, not sent: the response leaves only after the transaction has committed.
      reply.status(201);
      return { users: created };
    },
  });

  routes.put(ApiPath.users, {
    schema: { operationId: 'updateUsers', body: usersUpdateBody, response: { 200: usersResponse } },
    config: { permission: Permission.usersManage, audit: 'users.update' },
    handler: async (request) => {
      request.auditDetails.target = request.body.users.map((u) => u.id).join(', ');
      return { users: await users.updateUsers(await contextOf(request, request.body.account_id), request.body.users) };
    },
  });

  routes.delete(ApiPath.users, {
    schema: { operationId: 'deleteUsers', body: usersDeleteBody, response: { 200: usersDeleteResponse } },
    config: { permission: Permission.usersManage, audit: 'users.delete' },
    handler: async (request) => {
      request.auditDetails.target = request.body.users.join(', ');
      return { users: await users.deleteUsers(await contextOf(request, request.body.account_id), request.body.users) };
    },
  });
}
