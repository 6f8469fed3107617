import { cryptohubApi } from '@keydeck/contract/cryptohub.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import { existingNamedAccount } from '../../platform/audit-declaration.ts';
import { actorName } from '../../platform/principal.ts';
import * as cryptohub from './cryptohub.service.ts';

/** Spec §2's account tab cryptohub: the account's hub tenancy, its region, tier and quotas. Platform administrators only. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: Permission.platformAdmin } as const;

  routes.route({
    ...declared(cryptohubApi.getCryptoHubTenancy),
    config,
    handler: async (request) => ({ data: await cryptohub.getTenancy(request.tx, request.params.account_id) }),
  });

  routes.route({
    ...declared(cryptohubApi.setCryptoHubTenancy),
    config,
    audit: {
      action: 'cryptohub.update',
      before: async ({ params, tx }) => {
        const name = await cryptohub.accountName(tx, params.account_id);
        return name ? { name } : {};
      },
      account: existingNamedAccount,
      target: ({ params, before }) => ({ id: params.account_id, name: before.name ?? null }),
      reason: ({ body }) =>
        `enabled:${body.enabled} region:${body.home_region} tier:${body.support_tier} max_services:${body.max_services ?? 'unlimited'} max_cloud_hsms:${body.max_cloud_hsms ?? 'unlimited'}`,
    },
    handler: async (request) => ({
      data: await cryptohub.updateTenancy(request.tx, request.params.account_id, request.body, actorName(principalOf(request))),
    }),
  });
}
