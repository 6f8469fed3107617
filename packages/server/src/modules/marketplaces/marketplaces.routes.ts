import { marketplacesApi } from '@keydeck/contract/marketplaces.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import { onPathAccount } from '../../platform/audit-declaration.ts';
import { actorName } from '../../platform/principal.ts';
import * as marketplaces from './marketplaces.service.ts';

/** Events on an entitlement go to its account's log. */
const audited = onPathAccount(marketplaces.entitlementAccountName);

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
