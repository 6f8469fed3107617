import { featuresApi } from '@keydeck/contract/features.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import { targetAccount } from '../../platform/account-access.ts';
import * as features from './features.service.ts';

/** Spec §7 account features: customers read their own; platform administrators switch them. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    ...declared(featuresApi.listAccountFeatures),
    config: { permission: Permission.companyRead },
    handler: async (request) => {
      const accountId = targetAccount(principalOf(request), request.params.account_id);
      return { data: await features.listFeatures(request.tx, accountId) };
    },
  });

  routes.route({
    ...declared(featuresApi.setAccountFeature),
    config: { permission: Permission.platformAdmin },
    audit: { action: 'features.set', target: ({ body }) => `${body.feature_name}=${body.feature_value}`, account: ({ params }) => params.account_id },
    handler: async (request) => {
      const { account_id } = request.params;
      return { data: await features.setFeature(request.tx, account_id, request.body.feature_name, request.body.feature_value) };
    },
  });
}
