import {
  accountParams,
  accountResponse,
  accountSettings,
  accountsCreateBody,
  accountsDisableBody,
  accountsListQuery,
  accountsPage,
  accountsResponse,
  accountsUpdateBody,
} from '@keydeck/contract/accounts';
import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as accounts from './accounts.service.ts';

/** Spec §7: admin/accounts GET, POST, PUT, DELETE (body accounts), and the caller's own account settings. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const platformAdmin = Permission.platformAdmin;

  routes.get(ApiPath.adminAccounts, {
    schema: { operationId: 'listAccounts', querystring: accountsListQuery, response: { 200: accountsPage } },
    config: { permission: platformAdmin },
    handler: (request) => accounts.listAccounts(request.tx, request.query),
  });

  routes.get(ApiPath.adminAccount, {
    schema: { operationId: 'getAccount', params: accountParams, response: { 200: accountResponse } },
    config: { permission: platformAdmin },
    handler: async (request) => ({ account: await accounts.getAccount(request.tx, request.params.account_id) }),
  });

  routes.post(ApiPath.adminAccounts, {
    schema: { operationId: 'createAccounts', body: accountsCreateBody, response: { 201: accountsResponse } },
    config: { permission: platformAdmin },
    audit: { action: 'accounts.create', target: ({ result }) => result?.accounts.map((a) => a.account_slug).join(', ') },
    handler: async (request, reply) => {
      const created = await accounts.createAccounts(request.tx, request.body.accounts);
      // Returned, not sent: the response leaves only after the transaction has committed.
      reply.status(201);
      return { accounts: created };
    },
  });

  routes.put(ApiPath.adminAccounts, {
    schema: { operationId: 'updateAccounts', body: accountsUpdateBody, response: { 200: accountsResponse } },
    config: { permission: platformAdmin },
    audit: {
      action: 'accounts.update',
      target: ({ body, result }) => ({ id: body.accounts.map((a) => a.id).join(', '), name: result?.accounts.map((a) => a.account_slug).join(', ') }),
    },
    handler: async (request) => {
      return { accounts: await accounts.updateAccounts(request.tx, request.body.accounts) };
    },
  });

  routes.delete(ApiPath.adminAccounts, {
    schema: { operationId: 'disableAccounts', body: accountsDisableBody, response: { 200: accountsResponse } },
    config: { permission: platformAdmin },
    audit: {
      action: 'accounts.disable',
      target: ({ body, result }) => ({ id: body.accounts.join(', '), name: result?.accounts.map((a) => a.account_slug).join(', ') }),
    },
    handler: async (request) => {
      return { accounts: await accounts.disableAccounts(request.tx, request.body.accounts) };
    },
  });

  routes.get(ApiPath.userAccount, {
    schema: { operationId: 'getAccountSettings', response: { 200: accountSettings } },
    config: { permission: Permission.companyRead },
    handler: (request) => accounts.accountSettings(request.tx, request.principal!.account.id),
  });
}
