import { allowedFlowsBody, allowedFlowsParams, allowedFlowsResponse } from '@keydeck/contract/allowed-flows';
import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessibleAccount } from '../../platform/account-access.ts';
import * as flows from './allowed-flows.service.ts';

/**
 * An account's allowed sign-in methods (admin account child tab allowed-flows). Like licenses, the account's
 * own users may read them (another account's id answers 404); only platform administrators change them.
 */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(ApiPath.allowedFlows, {
    schema: { operationId: 'getAllowedFlows', params: allowedFlowsParams, response: { 200: allowedFlowsResponse } },
    config: { permission: Permission.companyRead },
    handler: async (request) => ({
      allowed_flows: await flows.getAllowedFlows(request.tx, accessibleAccount(request.principal!, request.params.account_id)!),
    }),
  });
  routes.put(ApiPath.allowedFlows, {
    schema: { operationId: 'updateAllowedFlows', params: allowedFlowsParams, body: allowedFlowsBody, response: { 200: allowedFlowsResponse } },
    config: { permission: Permission.platformAdmin, audit: 'allowed_flows.update' },
    handler: async (request) => {
      const { account_id } = request.params;
      request.auditDetails.target = flows.describeFlows(request.body);
      const saved = await flows.setAllowedFlows(request.tx, account_id, request.body);
      request.auditDetails.accountId = account_id;
      return { allowed_flows: saved };
    },
  });
}
