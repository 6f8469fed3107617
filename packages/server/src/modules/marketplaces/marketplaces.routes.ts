import { ApiPath } from '@keydeck/contract/http';
import { entitlementApproveBody, entitlementRejectBody, entitlementServicesBody, marketplaceAccountParams, marketplaceEntitlementResponse, marketplaceEntitlementsPage } from '@keydeck/contract/marketplaces';
import { marketplaceEntitlementsQuery } from '@keydeck/contract/marketplaces-queries';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditBefore, AuditInput } from '../../platform/audit-declaration.ts';
import type { Tx } from '../../db/database.ts';
import { actorName } from '../../platform/principal.ts';
import * as marketplaces from './marketplaces.service.ts';

const tags = ['Marketplaces'];

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

  routes.get(ApiPath.marketplaceEntitlements, {
    schema: {
      operationId: 'listMarketplaceEntitlements',
      summary: 'List marketplace entitlements',
      description:
        'Entitlements of accounts that signed up through the Azure or Google Cloud marketplace, newest first: searchable by account name, filtered by provider and state. The token each marketplace sent is shown only as a fingerprint.',
      tags,
      querystring: marketplaceEntitlementsQuery,
      response: { 200: marketplaceEntitlementsPage },
    },
    config,
    handler: (request) => marketplaces.listEntitlements(request.tx, request.query),
  });

  routes.get(ApiPath.accountMarketplaceEntitlement, {
    schema: {
      operationId: 'getMarketplaceEntitlement',
      summary: "Get an account's marketplace entitlement",
      description: 'The entitlement the account signed up with, its decision and the services it pays for; 404 when the account did not sign up through a marketplace.',
      tags,
      params: marketplaceAccountParams,
      response: { 200: marketplaceEntitlementResponse },
    },
    config,
    handler: async (request) => ({ data: await marketplaces.getEntitlement(request.tx, request.params.account_id) }),
  });

  routes.post(ApiPath.accountMarketplaceEntitlementApprove, {
    schema: {
      operationId: 'approveMarketplaceEntitlement',
      summary: 'Approve a marketplace entitlement',
      description:
        "Approves a pending entitlement on a plan and links the account's services it pays for (400 naming service_ids for a service of another account). Only a pending entitlement can be decided (409).",
      tags,
      params: marketplaceAccountParams,
      body: entitlementApproveBody,
      response: { 200: marketplaceEntitlementResponse },
    },
    config,
    audit: { action: 'marketplace.approve', ...audited, reason: ({ body }) => `plan:${body.plan}` },
    handler: async (request) => ({ data: await marketplaces.approve(request.tx, request.params.account_id, request.body, actorName(request.principal!)) }),
  });

  routes.post(ApiPath.accountMarketplaceEntitlementReject, {
    schema: {
      operationId: 'rejectMarketplaceEntitlement',
      summary: 'Reject a marketplace entitlement',
      description: 'Rejects a pending entitlement with a reason (1-500 characters). Only a pending entitlement can be decided (409).',
      tags,
      params: marketplaceAccountParams,
      body: entitlementRejectBody,
      response: { 200: marketplaceEntitlementResponse },
    },
    config,
    audit: { action: 'marketplace.reject', ...audited, reason: ({ body }) => body.reason },
    handler: async (request) => ({ data: await marketplaces.reject(request.tx, request.params.account_id, request.body, actorName(request.principal!)) }),
  });

  routes.put(ApiPath.accountMarketplaceEntitlementServices, {
    schema: {
      operationId: 'setMarketplaceEntitlementServices',
      summary: 'Set the services a marketplace entitlement pays for',
      description: "Replaces the account's services an approved entitlement pays for (409 unless approved; 400 naming service_ids for a service of another account).",
      tags,
      params: marketplaceAccountParams,
      body: entitlementServicesBody,
      response: { 200: marketplaceEntitlementResponse },
    },
    config,
    audit: { action: 'marketplace.services', ...audited },
    handler: async (request) => ({ data: await marketplaces.setServices(request.tx, request.params.account_id, request.body.service_ids) }),
  });
}
