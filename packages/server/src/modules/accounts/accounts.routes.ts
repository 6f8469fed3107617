import { accountsApi } from '@keydeck/contract/accounts.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import * as accounts from './accounts.service.ts';

/** Spec §7: admin/accounts GET, POST, PUT, DELETE (body accounts), and the caller's own account settings. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const platformAdmin = Permission.platformAdmin;

  routes.route({
    ...declared(accountsApi.listAccounts),
    config: { permission: platformAdmin },
    handler: (request) => accounts.listAccounts(request.tx, request.query),
  });

  routes.route({
    ...declared(accountsApi.getAccount),
    config: { permission: platformAdmin },
    handler: async (request) => ({ account: await accounts.getAccount(request.tx, request.params.account_id) }),
  });

  routes.route({
    ...declared(accountsApi.createAccounts),
    config: { permission: platformAdmin },
    audit: { action: 'accounts.create', target: ({ result }) => result?.accounts.map((a) => a.account_slug).join(', ') },
    handler: async (request, reply) => {
      const created = await accounts.createAccounts(request.tx, request.body.accounts);
      // Returned, not sent: the response leaves only after the transaction has committed.
      reply.status(201);
      return { accounts: created };
    },
  });

  routes.route({
    ...declared(accountsApi.updateAccounts),
    config: { permission: platformAdmin },
    audit: {
      action: 'accounts.update',
      target: ({ body, result }) => ({ id: body.accounts.map((a) => a.id).join(', '), name: result?.accounts.map((a) => a.account_slug).join(', ') }),
    },
    handler: async (request) => {
      return { accounts: await accounts.updateAccounts(request.tx, request.body.accounts) };
    },
  });

  routes.route({
    ...declared(accountsApi.disableAccounts),
    config: { permission: platformAdmin },
    audit: {
      action: 'accounts.disable',
      target: ({ body, result }) => ({ id: body.accounts.join(', '), name: result?.accounts.map((a) => a.account_slug).join(', ') }),
    },
    handler: async (request) => {
      return { accounts: await accounts.disableAccounts(request.tx, request.body.accounts) };
    },
  });

  routes.route({
    ...declared(accountsApi.getAccountSettings),
    config: { permission: Permission.companyRead },
    handler: (request) => accounts.accountSettings(request.tx, principalOf(request).account.id),
  });
}
