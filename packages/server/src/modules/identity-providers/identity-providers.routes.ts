import { identityProvidersApi } from '@keydeck/contract/identity-providers.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { targetAccount } from '../../platform/account-access.ts';
import { existingNamedAccount } from '../../platform/audit-declaration.ts';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import * as providers from './identity-providers.service.ts';

/**
 * An account's OpenID Connect identity providers (admin account child tab identity-providers). Platform
 * administrators manage any account's; a customer with company:manage manages their own account's (who may sign
 * in to a company is a company setting), and another account's id answers 404. The client secret is write-only.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { companyRead: read, companyManage: manage } = Permission;

  routes.route({
    ...declared(identityProvidersApi.listIdentityProviders),
    config: { permission: read },
    handler: (request) => providers.listProviders(request.tx, targetAccount(principalOf(request), request.params.account_id), request.query),
  });

  routes.route({
    ...declared(identityProvidersApi.createIdentityProvider),
    config: { permission: manage },
    audit: { action: 'identity_providers.create', target: ({ body }) => `${body.name} (${body.issuer})`, account: existingNamedAccount },
    handler: async (request, reply) => {
      const accountId = targetAccount(principalOf(request), request.params.account_id);
      const created = await providers.createProvider(request.tx, deps.secretBox, accountId, request.body);
      reply.status(201);
      return { identity_provider: created };
    },
  });

  routes.route({
    ...declared(identityProvidersApi.updateIdentityProvider),
    config: { permission: manage },
    audit: { action: 'identity_providers.update', target: ({ body, params }) => ({ id: params.provider_id, name: body.name }), account: existingNamedAccount },
    handler: async (request) => {
      const accountId = targetAccount(principalOf(request), request.params.account_id);
      const updated = await providers.updateProvider(request.tx, deps.secretBox, accountId, request.params.provider_id, request.body);
      return { identity_provider: updated };
    },
  });

  routes.route({
    ...declared(identityProvidersApi.deleteIdentityProvider),
    config: { permission: manage },
    audit: {
      action: 'identity_providers.delete',
      target: ({ params, result }) => ({ id: params.provider_id, name: result?.name }),
      account: existingNamedAccount,
    },
    handler: async (request) => {
      const accountId = targetAccount(principalOf(request), request.params.account_id);
      const deleted = await providers.deleteProvider(request.tx, accountId, request.params.provider_id);
      return { deleted: deleted.id, name: deleted.name };
    },
  });
}
