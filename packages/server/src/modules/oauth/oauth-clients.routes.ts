import { ApiPath } from '@keydeck/contract/http';
import {
  oauthClientAccountParams,
  oauthClientCreate,
  oauthClientParams,
  oauthClientResponse,
  oauthClientsPage,
  oauthClientUpdate,
  oauthClientWithSecret,
  oauthDeleted,
} from '@keydeck/contract/oauth';
import { oauthClientsListQuery } from '@keydeck/contract/oauth-queries';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { targetAccount } from '../../platform/account-access.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import { namedAccount } from '../../platform/audit-declaration.ts';
import * as clients from './oauth-clients.service.ts';

const tags = ['credentials'];

/**
 * Spec §2 .../credentials/oauthclients/{oauth_client_id?}: an account's OAuth clients, managed by its user
 * administrators or a platform administrator (another account's id answers 404 to a customer). A confidential
 * client's secret is answered once, on create and rotate, and never audited.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: Permission.usersManage } as const;
  const account = (request: { principal: Parameters<typeof targetAccount>[0] | null; params: { account_id: string } }) =>
    targetAccount(request.principal!, request.params.account_id);

  routes.get(ApiPath.oauthClients, {
    schema: {
      operationId: 'listOAuthClients',
      summary: 'List OAuth clients',
      description: "The account's OAuth clients: type, owner, redirect URIs, grants, scopes and how many users allow each; never secrets.",
      tags,
      params: oauthClientAccountParams,
      querystring: oauthClientsListQuery,
      response: { 200: oauthClientsPage },
    },
    config,
    handler: (request) => clients.listClients(request.tx, account(request), request.query),
  });

  routes.post(ApiPath.oauthClients, {
    schema: {
      operationId: 'createOAuthClient',
      summary: 'Register an OAuth client',
      description:
        "Registers a confidential or public client with exact redirect URIs, its grants and its scopes (permission names, never more than its owner's: 400 naming any extra one). A confidential client's secret is answered this once.",
      tags,
      params: oauthClientAccountParams,
      body: oauthClientCreate,
      response: { 201: oauthClientWithSecret },
    },
    config,
    audit: { action: 'oauth_client.create', target: ({ body, result }) => ({ id: result?.data.client.id ?? body.name, name: body.name }), account: namedAccount },
    handler: async (request, reply) => {
      const created = await clients.createClient(request.tx, deps.secretBox, request.principal!, account(request), request.body);
      reply.status(201);
      return { data: created };
    },
  });

  routes.get(ApiPath.oauthClient, {
    schema: {
      operationId: 'getOAuthClient',
      summary: 'Get an OAuth client',
      description: 'One OAuth client of the account, without its secret.',
      tags,
      params: oauthClientParams,
      response: { 200: oauthClientResponse },
    },
    config,
    handler: async (request) => ({ data: await clients.getClient(request.tx, account(request), request.params.oauth_client_id) }),
  });

  routes.put(ApiPath.oauthClient, {
    schema: {
      operationId: 'updateOAuthClient',
      summary: 'Change an OAuth client',
      description: "Replaces a client's name, redirect URIs, grants and scopes; its type and owner stay. Tokens already issued keep their scopes until they expire.",
      tags,
      params: oauthClientParams,
      body: oauthClientUpdate,
      response: { 200: oauthClientResponse },
    },
    config,
    audit: { action: 'oauth_client.update', target: ({ params, body }) => ({ id: params.oauth_client_id, name: body.name }), account: namedAccount },
    handler: async (request) => ({ data: await clients.updateClient(request.tx, request.principal!, account(request), request.params.oauth_client_id, request.body) }),
  });

  routes.post(ApiPath.oauthClientRotate, {
    schema: {
      operationId: 'rotateOAuthClientSecret',
      summary: 'Rotate an OAuth client secret',
      description: "Issues a confidential client's new secret, answered this once; the previous one stops working at once (409 for a public client).",
      tags,
      params: oauthClientParams,
      response: { 200: oauthClientWithSecret },
    },
    config,
    audit: { action: 'oauth_client.rotate', target: ({ params, result }) => ({ id: params.oauth_client_id, name: result?.data.client.name }), account: namedAccount },
    handler: async (request) => ({ data: await clients.rotateSecret(request.tx, deps.secretBox, request.principal!, account(request), request.params.oauth_client_id) }),
  });

  routes.delete(ApiPath.oauthClient, {
    schema: {
      operationId: 'deleteOAuthClient',
      summary: 'Delete an OAuth client',
      description: 'Deletes the client with every consent, code and token issued to it: its next call is refused.',
      tags,
      params: oauthClientParams,
      response: { 200: oauthDeleted },
    },
    config,
    audit: { action: 'oauth_client.delete', target: ({ params }) => params.oauth_client_id, account: namedAccount },
    handler: async (request) => {
      await clients.deleteClient(request.tx, request.principal!, account(request), request.params.oauth_client_id);
      return { deleted: request.params.oauth_client_id };
    },
  });
}
