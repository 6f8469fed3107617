import { allowedFlowsApi } from '@keydeck/contract/allowed-flows.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { targetAccount } from '../../platform/account-access.ts';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import * as flows from './allowed-flows.service.ts';

/**
 * An account's allowed sign-in methods (admin account child tab allowed-flows). Like licenses, the account's
 * own users may read them (another account's id answers 404); only platform administrators change them.
 */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    ...declared(allowedFlowsApi.getAllowedFlows),
    config: { permission: Permission.companyRead },
    handler: async (request) => ({
      allowed_flows: await flows.getAllowedFlows(request.tx, targetAccount(principalOf(request), request.params.account_id)),
    }),
  });
  routes.route({
    ...declared(allowedFlowsApi.updateAllowedFlows),
    config: { permission: Permission.platformAdmin },
    // Filed on the account once it proved to exist: an audit row cannot name an account that does not.
    audit: { action: 'allowed_flows.update', target: ({ body }) => flows.describeFlows(body), account: ({ params, result }) => result && params.account_id },
    handler: async (request) => ({ allowed_flows: await flows.setAllowedFlows(request.tx, request.params.account_id, request.body) }),
  });
}
