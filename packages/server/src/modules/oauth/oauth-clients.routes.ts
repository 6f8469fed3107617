import { oauthApi } from '@keydeck/contract/oauth.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { targetAccount } from '../../platform/account-access.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import { namedAccount } from '../../platform/audit-declaration.ts';
import { namesBefore } from '../../platform/audit-names.ts';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import * as clients from './oauth-clients.service.ts';


/**
 * Spec §2 .../credentials/oauthclients/{oauth_client_id?}: an account's OAuth clients, managed by its user
 * administrators or a platform administrator (another account's id answers 404 to a customer). A confidential
 * client's secret is answered once, on create and rotate, and never audited.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: Permission.usersManage } as const;
  const account = (request: FastifyRequest & { params: { account_id: string } }) => targetAccount(principalOf(request), request.params.account_id);

  routes.route({
    ...declared(oauthApi.listOAuthClients),
    config,
    handler: (request) => clients.listClients(request.tx, account(request), request.query),
  });

  routes.route({
    ...declared(oauthApi.createOAuthClient),
    config,
    audit: { action: 'oauth_client.create', target: ({ body, result }) => ({ id: result?.data.client.id ?? body.name, name: body.name }), account: namedAccount },
    handler: async (request, reply) => {
      const created = await clients.createClient(request.tx, deps.secretBox, principalOf(request), account(request), request.body);
      reply.status(201);
      return { data: created };
    },
  });

  routes.route({
    ...declared(oauthApi.getOAuthClient),
    config,
    handler: async (request) => ({ data: await clients.getClient(request.tx, account(request), request.params.oauth_client_id) }),
  });

  routes.route({
    ...declared(oauthApi.updateOAuthClient),
    config,
    audit: { action: 'oauth_client.update', target: ({ params, body }) => ({ id: params.oauth_client_id, name: body.name }), account: namedAccount },
    handler: async (request) => ({ data: await clients.updateClient(request.tx, principalOf(request), account(request), request.params.oauth_client_id, request.body) }),
  });

  routes.route({
    ...declared(oauthApi.rotateOAuthClientSecret),
    config,
    audit: { action: 'oauth_client.rotate', target: ({ params, result }) => ({ id: params.oauth_client_id, name: result?.data.client.name }), account: namedAccount },
    handler: async (request) => ({ data: await clients.rotateSecret(request.tx, deps.secretBox, principalOf(request), account(request), request.params.oauth_client_id) }),
  });

  routes.route({
    ...declared(oauthApi.deleteOAuthClient),
    config,
    audit: {
      action: 'oauth_client.delete',
      before: ({ params, tx }) => namesBefore(tx, [params.oauth_client_id]),
      target: ({ params, before }) => ({ id: params.oauth_client_id, name: before.names }),
      account: namedAccount,
    },
    handler: async (request) => {
      await clients.deleteClient(request.tx, principalOf(request), account(request), request.params.oauth_client_id);
      return { deleted: request.params.oauth_client_id };
    },
  });
}
