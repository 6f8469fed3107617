import { licensesApi } from '@keydeck/contract/licenses.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import { targetAccount } from '../../platform/account-access.ts';
import { existingNamedAccount } from '../../platform/audit-declaration.ts';
import * as licenses from './licenses.service.ts';

/**
 * Per-account licenses: the account's own users read them; platform administrators grant, change and revoke
 * them. A change is audited on the licensed account once it is known to exist (a refusal before that lands on
 * the administrator's own account: an audit row cannot reference an account that does not exist).
 */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;
  routes.route({
    ...declared(licensesApi.listLicenses),
    config: { permission: Permission.companyRead },
    handler: (request) => licenses.listLicenses(request.tx, targetAccount(principalOf(request), request.params.account_id), request.query),
  });
  routes.route({
    ...declared(licensesApi.createLicenses),
    config: { permission },
    audit: {
      action: 'licenses.create',
      target: ({ result }) => result?.licenses.map((l) => `${l.license_key} ${l.product} x${l.quantity}`).join(', '),
      account: existingNamedAccount,
    },
    handler: async (request, reply) => {
      const created = await licenses.createLicenses(request.tx, request.params.account_id, request.body.licenses);
      reply.status(201);
      return { licenses: created };
    },
  });
  routes.route({
    ...declared(licensesApi.updateLicenses),
    config: { permission },
    audit: { action: 'licenses.update', target: ({ result }) => result?.licenses.map((l) => l.license_key).join(', '), account: existingNamedAccount },
    handler: async (request) => ({ licenses: await licenses.updateLicenses(request.tx, request.params.account_id, request.body.licenses) }),
  });
  routes.route({
    ...declared(licensesApi.deleteLicenses),
    config: { permission },
    audit: {
      action: 'licenses.delete',
      target: ({ body, result }) => ({ id: body.licenses.join(', '), name: result?.license_keys.join(', ') }),
      account: existingNamedAccount,
    },
    handler: async (request) => ({
      licenses: request.body.licenses,
      license_keys: await licenses.deleteLicenses(request.tx, request.params.account_id, request.body.licenses),
    }),
  });
}
