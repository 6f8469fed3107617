import {
  credentialAccountParams,
  credentialCreate,
  credentialOwnersResponse,
  credentialParams,
  credentialResponse,
  credentialRotate,
  credentialsListQuery,
  credentialsPage,
  credentialUpdate,
  credentialWithSecret,
} from '@keydeck/contract/credentials';
import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { targetAccount } from '../../platform/account-access.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import { namedAccount } from '../../platform/audit-declaration.ts';
import * as credentials from './credentials.service.ts';
import { registerTokenEndpoint } from './token.routes.ts';

const tags = ['credentials'];

/**
 * Spec §2 settings/credentials and accounts/{account_id}/credentials: an account's API credentials, managed by its
 * own user administrators or by a platform administrator for any account (another account's id answers 404 to a
 * customer). Secrets are answered once, on create and rotate, and never audited.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const manage = Permission.usersManage;
  const account = (request: { principal: Parameters<typeof targetAccount>[0] | null; params: { account_id: string } }) =>
    targetAccount(request.principal!, request.params.account_id);

  routes.get(ApiPath.credentials, {
    schema: {
      operationId: 'listCredentials',
      summary: 'List API credentials',
      description: "The account's API credentials with their owner, permissions, expiry, allowed addresses, last use and state; never their secrets.",
      tags,
      params: credentialAccountParams,
      querystring: credentialsListQuery,
      response: { 200: credentialsPage },
    },
    config: { permission: manage },
    handler: (request) => credentials.listCredentials(request.tx, account(request), request.query),
  });

  routes.get(ApiPath.credentialOwners, {
    schema: {
      operationId: 'listCredentialOwners',
      summary: 'List possible credential owners',
      description: 'Active users of the account, each with the permissions a credential they own may hold (never more than theirs).',
      tags,
      params: credentialAccountParams,
      response: { 200: credentialOwnersResponse },
    },
    config: { permission: manage },
    handler: async (request) => ({ data: await credentials.listOwners(request.tx, account(request)) }),
  });

  routes.post(ApiPath.credentials, {
    schema: {
      operationId: 'createCredential',
      summary: 'Create an API credential',
      description:
        "Creates a credential owned by an active user of the account, with permissions drawn from the owner's (400 naming any extra one). The answer holds client_id and client_secret: the secret is shown this once and only its hash is kept.",
      tags,
      params: credentialAccountParams,
      body: credentialCreate,
      response: { 201: credentialWithSecret },
    },
    config: { permission: manage },
    audit: { action: 'credential.create', target: ({ body, result }) => ({ id: result?.data.client_id ?? body.name, name: body.name }), account: namedAccount },
    handler: async (request, reply) => {
      const created = await credentials.createCredential(request.tx, request.principal!, account(request), request.body);
      reply.status(201);
      return { data: created };
    },
  });

  routes.put(ApiPath.credential, {
    schema: {
      operationId: 'updateCredential',
      summary: 'Change an API credential',
      description: "Replaces a credential's name, permissions (within its owner's), expiry and allowed addresses. A revoked credential cannot be changed (409).",
      tags,
      params: credentialParams,
      body: credentialUpdate,
      response: { 200: credentialResponse },
    },
    config: { permission: manage },
    audit: { action: 'credential.update', target: ({ params, body }) => ({ id: params.credential_id, name: body.name }), account: namedAccount },
    handler: async (request) => ({ data: await credentials.updateCredential(request.tx, request.principal!, account(request), request.params.credential_id, request.body) }),
  });

  routes.post(ApiPath.credentialRevoke, {
    schema: {
      operationId: 'revokeCredential',
      summary: 'Revoke an API credential',
      description: 'Revokes a credential for good: its next call is refused (401), whatever tokens it still holds.',
      tags,
      params: credentialParams,
      response: { 200: credentialResponse },
    },
    config: { permission: manage },
    audit: { action: 'credential.revoke', target: ({ params, result }) => ({ id: params.credential_id, name: result?.data.name }), account: namedAccount },
    handler: async (request) => ({ data: await credentials.revokeCredential(request.tx, request.principal!, account(request), request.params.credential_id) }),
  });

  routes.post(ApiPath.credentialRotate, {
    schema: {
      operationId: 'rotateCredential',
      summary: 'Rotate an API credential secret',
      description:
        'Issues a new secret, shown this once; the previous one keeps working for overlap_hours (0-168, default 24) so callers can switch over.',
      tags,
      params: credentialParams,
      body: credentialRotate,
      response: { 200: credentialWithSecret },
    },
    config: { permission: manage },
    audit: { action: 'credential.rotate', target: ({ params, result }) => ({ id: params.credential_id, name: result?.data.credential.name }), account: namedAccount },
    handler: async (request) => ({ data: await credentials.rotateCredential(request.tx, request.principal!, account(request), request.params.credential_id, request.body) }),
  });

  registerTokenEndpoint(app, deps);
}
