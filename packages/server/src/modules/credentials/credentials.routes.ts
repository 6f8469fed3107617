import { credentialsApi } from '@keydeck/contract/credentials.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { targetAccount } from '../../platform/account-access.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import { namedAccount } from '../../platform/audit-declaration.ts';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import * as credentials from './credentials.service.ts';
import { registerTokenEndpoint } from './token.routes.ts';

/**
 * Spec §2 settings/credentials and accounts/{account_id}/credentials: an account's API credentials, managed by its
 * own user administrators or by a platform administrator for any account (another account's id answers 404 to a
 * customer). Secrets are answered once, on create and rotate, and never audited.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const manage = Permission.usersManage;
  const account = (request: FastifyRequest & { params: { account_id: string } }) => targetAccount(principalOf(request), request.params.account_id);

  routes.route({
    ...declared(credentialsApi.listCredentials),
    config: { permission: manage },
    handler: (request) => credentials.listCredentials(request.tx, account(request), request.query),
  });

  routes.route({
    ...declared(credentialsApi.listCredentialOwners),
    config: { permission: manage },
    handler: async (request) => ({ data: await credentials.listOwners(request.tx, account(request)) }),
  });

  routes.route({
    ...declared(credentialsApi.createCredential),
    config: { permission: manage },
    audit: { action: 'credential.create', target: ({ body, result }) => ({ id: result?.data.client_id ?? body.name, name: body.name }), account: namedAccount },
    handler: async (request, reply) => {
      const created = await credentials.createCredential(request.tx, principalOf(request), account(request), request.body);
      reply.status(201);
      return { data: created };
    },
  });

  routes.route({
    ...declared(credentialsApi.updateCredential),
    config: { permission: manage },
    audit: { action: 'credential.update', target: ({ params, body }) => ({ id: params.credential_id, name: body.name }), account: namedAccount },
    handler: async (request) => ({ data: await credentials.updateCredential(request.tx, principalOf(request), account(request), request.params.credential_id, request.body) }),
  });

  routes.route({
    ...declared(credentialsApi.revokeCredential),
    config: { permission: manage },
    audit: { action: 'credential.revoke', target: ({ params, result }) => ({ id: params.credential_id, name: result?.data.name }), account: namedAccount },
    handler: async (request) => ({ data: await credentials.revokeCredential(request.tx, principalOf(request), account(request), request.params.credential_id) }),
  });

  routes.route({
    ...declared(credentialsApi.rotateCredential),
    config: { permission: manage },
    audit: { action: 'credential.rotate', target: ({ params, result }) => ({ id: params.credential_id, name: result?.data.credential.name }), account: namedAccount },
    handler: async (request) => ({ data: await credentials.rotateCredential(request.tx, principalOf(request), account(request), request.params.credential_id, request.body) }),
  });

  registerTokenEndpoint(app, deps);
}
