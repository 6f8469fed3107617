import { allowedFlowsBody, allowedFlowsParams, allowedFlowsResponse } from '@keydeck/contract/allowed-flows';
import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { targetAccount } from '../../platform/account-access.ts';
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
      allowed_flows: await flows.getAllowedFlows(request.tx, targetAccount(request.principal!, request.params.account_id)),
    }),
  });
  routes.put(ApiPath.allowedFlows, {
    schema: { operationId: 'updateAllowedFlows', params: allowedFlowsParams, body: allowedFlowsBody, response: { 200: allowedFlowsResponse } },
    config: { permission: Permission.platformAdmin },
    // Filed on the account once it proved to exist: an audit row cannot name an account that does not.
    audit: { action: 'allowed_flows.update', target: ({ body }) => flows.describeFlows(body), account: ({ params, result }) => result && params.account_id },
    handler: async (request) => ({ allowed_flows: await flows.setAllowedFlows(request.tx, request.params.account_id, request.body) }),
  });
}
