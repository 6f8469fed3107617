import { Permission } from '@keydeck/contract/permissions';
import { usersApi } from '@keydeck/contract/users.api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { targetAccount } from '../../platform/account-access.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import { namedAccount } from '../../platform/audit-declaration.ts';
import { namesBefore } from '../../platform/audit-names.ts';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import { mailAfterCommit } from '../../platform/mailer.ts';
import { findAccount } from '../accounts/accounts.service.ts';
import { inviteMailFor } from '../passwords/passwords.service.ts';
import * as users from './users.service.ts';

/** Spec §7: user/{x} GET, POST, PUT, DELETE (body users), for the caller's account or, for platform administrators, any. */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** Resolves the account the call names. */
  async function contextOf(request: FastifyRequest, accountId: string | undefined): Promise<users.UsersContext> {
    const account = await findAccount(request.tx, targetAccount(principalOf(request), accountId));
    return { tx: request.tx, caller: principalOf(request), account, idleSeconds: deps.config.session.idleSeconds };
  }

  routes.route({
    ...declared(usersApi.listUsers),
    config: { permission: Permission.usersRead },
    handler: async (request) => users.listUsers(await contextOf(request, request.query.account_id), request.query),
  });

  routes.route({
    ...declared(usersApi.createUsers),
    config: { permission: Permission.usersManage },
    audit: { action: 'users.create', target: ({ body }) => body.users.map((u) => u.username).join(', '), account: namedAccount },
    handler: async (request, reply) => {
      const ctx = await contextOf(request, request.body.account_id);
      const created = await users.createUsers(ctx, request.body.users);
      // Each invited user gets a link to choose their password, mailed once the invitation is committed.
      const { account } = ctx;
      const invitation = { accountId: account.id, accountName: account.name, inviter: ctx.caller.name, publicUrl: deps.mailer.publicUrl };
      for (const user of created) mailAfterCommit(request, deps.mailer, await inviteMailFor(request.tx, user, invitation));
      // Returned, not sent: the response leaves only after the transaction has committed.
      reply.status(201);
      return { users: created };
    },
  });

  routes.route({
    ...declared(usersApi.resendInvitation),
    // Limited like password-reset mails: each one sends a mail.
    config: { permission: Permission.usersManage, rateLimit: 'passwordReset' },
    audit: {
      action: 'users.invitation_resend',
      target: ({ params, result }) => ({ id: params.user_id, name: result?.user.username }),
      account: namedAccount,
    },
    handler: async (request) => {
      const ctx = await contextOf(request, request.body.account_id);
      const user = await users.invitedUser(ctx, request.params.user_id);
      const invitation = { accountId: ctx.account.id, accountName: ctx.account.name, inviter: ctx.caller.name, publicUrl: deps.mailer.publicUrl };
      mailAfterCommit(request, deps.mailer, await inviteMailFor(request.tx, user, invitation));
      return { user };
    },
  });

  routes.route({
    ...declared(usersApi.updateUsers),
    config: { permission: Permission.usersManage },
    audit: {
      action: 'users.update',
      target: ({ body, result }) => ({ id: body.users.map((u) => u.id).join(', '), name: result?.users.map((u) => u.username).join(', ') }),
      account: namedAccount,
    },
    handler: async (request) => {
      return { users: await users.updateUsers(await contextOf(request, request.body.account_id), request.body.users) };
    },
  });

  routes.route({
    ...declared(usersApi.deleteUsers),
    config: { permission: Permission.usersManage },
    audit: {
      action: 'users.delete',
      before: ({ body, tx }) => namesBefore(tx, body.users),
      target: ({ body, before }) => ({ id: body.users.join(', '), name: before.names }),
      account: namedAccount,
    },
    handler: async (request) => {
      return { users: await users.deleteUsers(await contextOf(request, request.body.account_id), request.body.users) };
    },
  });
}
