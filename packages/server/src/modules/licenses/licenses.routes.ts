import { ApiPath } from '@keydeck/contract/http';
import {
  licensesCreateBody,
  licensesDeleteBody,
  licensesPage,
  licensesParams,
  licensesQuery,
  licensesResponse,
  licensesUpdateBody,
} from '@keydeck/contract/licenses';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessibleAccount } from '../../platform/account-access.ts';
import * as licenses from './licenses.service.ts';

/**
 * Per-account licenses: the account's own users read them; platform administrators grant, change and revoke
 * them. A change is audited on the licensed account once it is known to exist (a refusal before that lands on
 * the administrator's own account: an audit row cannot reference an account that does not exist).
 */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;
  routes.get(ApiPath.accountLicenses, {
    schema: { operationId: 'listLicenses', params: licensesParams, querystring: licensesQuery, response: { 200: licensesPage } },
    config: { permission: Permission.companyRead },
    handler: (request) => licenses.listLicenses(request.tx, accessibleAccount(request.principal!, request.params.account_id)!, request.query),
  });
  routes.post(ApiPath.accountLicenses, {
    schema: { operationId: 'createLicenses', params: licensesParams, body: licensesCreateBody, response: { 201: licensesResponse } },
    config: { permission, audit: 'licenses.create' },
    handler: async (request, reply) => {
      const { account_id } = request.params;
      const created = await licenses.createLicenses(request.tx, account_id, request.body.licenses);
      request.auditDetails.accountId = account_id;
      request.auditDetails.target = created.map((l) => `${l.license_key} ${l.product} x${l.quantity}`).join(', ');
      reply.status(201);
      return { licenses: created };
    },
  });
  routes.put(ApiPath.accountLicenses, {
    schema: { operationId: 'updateLicenses', params: licensesParams, body: licensesUpdateBody, response: { 200: licensesResponse } },
    config: { permission, audit: 'licenses.update' },
    handler: async (request) => {
      const { account_id } = request.params;
      const updated = await licenses.updateLicenses(request.tx, account_id, request.body.licenses);
      request.auditDetails.accountId = account_id;
      request.auditDetails.target = updated.map((l) => l.license_key).join(', ');
      return { licenses: updated };
    },
  });
  routes.delete(ApiPath.accountLicenses, {
    schema: { operationId: 'deleteLicenses', params: licensesParams, body: licensesDeleteBody, response: { 200: licensesDeleteBody } },
    config: { permission, audit: 'licenses.delete' },
    handler: async (request) => {
      const { account_id } = request.params;
      request.auditDetails.target = request.body.licenses.join(', ');
      const keys = await licenses.deleteLicenses(request.tx, account_id, request.body.licenses);
      request.auditDetails = { accountId: account_id, target: keys.join(', ') };
      return { licenses: request.body.licenses };
    },
  });
}
