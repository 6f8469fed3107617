import { marketplacesApi } from '@keydeck/contract/marketplaces.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import type { AuditBefore, AuditInput } from '../../platform/audit-declaration.ts';
import type { Tx } from '../../db/database.ts';
import { actorName } from '../../platform/principal.ts';
import * as marketplaces from './marketplaces.service.ts';

/** The account an entitlement belongs to, read before the change: a refusal (409, 400) goes to that account's log too. */
const entitlementOf = async ({ params, tx }: { params: { account_id: string }; tx: Tx }): Promise<AuditBefore> => {
  const found = await marketplaces.entitlementAccount(tx, params.account_id);
  return found ? { account: found.id, name: found.name } : {};
};
const audited = {
  before: entitlementOf,
  target: ({ params, before }: AuditInput<{ account_id: string }>) => ({ id: params.account_id, name: before.name ?? null }),
  account: ({ before }: AuditInput) => before.account,
};

/**
 * Spec §2 /v2/admin/azure and the account tab google-marketplace: entitlements of accounts that signed up through a
 * cloud marketplace, decided by hand by a platform administrator (the marketplaces' APIs cannot be reached).
 * Platform administrators only; the buyer's token is never answered, only its fingerprint.
 */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: Permission.platformAdmin } as const;

  routes.route({
    ...declared(marketplacesApi.listMarketplaceEntitlements),
    config,
    handler: (request) => marketplaces.listEntitlements(request.tx, request.query),
  });

  routes.route({
    ...declared(marketplacesApi.getMarketplaceEntitlement),
    config,
    handler: async (request) => ({ data: await marketplaces.getEntitlement(request.tx, request.params.account_id) }),
  });

  routes.route({
    ...declared(marketplacesApi.approveMarketplaceEntitlement),
    config,
    audit: { action: 'marketplace.approve', ...audited, reason: ({ body }) => `plan:${body.plan}` },
    handler: async (request) => ({ data: await marketplaces.approve(request.tx, request.params.account_id, request.body, actorName(principalOf(request))) }),
  });

  routes.route({
    ...declared(marketplacesApi.rejectMarketplaceEntitlement),
    config,
    audit: { action: 'marketplace.reject', ...audited, reason: ({ body }) => body.reason },
    handler: async (request) => ({ data: await marketplaces.reject(request.tx, request.params.account_id, request.body, actorName(principalOf(request))) }),
  });

  routes.route({
    ...declared(marketplacesApi.setMarketplaceEntitlementServices),
    config,
    audit: { action: 'marketplace.services', ...audited },
    handler: async (request) => ({ data: await marketplaces.setServices(request.tx, request.params.account_id, request.body.service_ids) }),
  });
}
