import { hubTenancyBody, hubTenancyParams, hubTenancyResponse } from '@keydeck/contract/cryptohub';
import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { existingNamedAccount } from '../../platform/audit-declaration.ts';
import { actorName } from '../../platform/principal.ts';
import * as cryptohub from './cryptohub.service.ts';

const tags = ['CryptoHub tenancy'];

/** Spec §2's account tab cryptohub: the account's hub tenancy, its region, tier and quotas. Platform administrators only. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: Permission.platformAdmin } as const;

  routes.get(ApiPath.accountCryptoHub, {
    schema: {
      operationId: 'getCryptoHubTenancy',
      summary: "Get an account's CryptoHub tenancy",
      description:
        'Whether the account may request services, its home region, support tier and quotas (null: unlimited), what it uses now against each quota, and the regions to choose from. configured is false until first saved: the account is unrestricted meanwhile.',
      tags,
      params: hubTenancyParams,
      response: { 200: hubTenancyResponse },
    },
    config,
    handler: async (request) => ({ data: await cryptohub.getTenancy(request.tx, request.params.account_id) }),
  });

  routes.put(ApiPath.accountCryptoHub, {
    schema: {
      operationId: 'setCryptoHubTenancy',
      summary: "Set an account's CryptoHub tenancy",
      description:
        'Sets the tenancy whole. The home region is one of the service locations (400 naming home_region); quotas are whole numbers from 0, null for unlimited. A disabled tenancy refuses new service requests; the quotas refuse new services (max_services, requests and creations alike) and cloud HSMs (max_cloud_hsms) beyond them, with 409. Lowering a quota below the current usage removes nothing.',
      tags,
      params: hubTenancyParams,
      body: hubTenancyBody,
      response: { 200: hubTenancyResponse },
    },
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
      data: await cryptohub.updateTenancy(request.tx, request.params.account_id, request.body, actorName(request.principal!)),
    }),
  });
}
