import { accountFeatures, featureChange, featureChanged, featureParams } from '@keydeck/contract/features';
import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { targetAccount } from '../../platform/account-access.ts';
import * as features from './features.service.ts';

/** Spec §7 account features: customers read their own; platform administrators switch them. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(ApiPath.accountFeatures, {
    schema: { operationId: 'listAccountFeatures', params: featureParams, response: { 200: accountFeatures } },
    config: { permission: Permission.companyRead },
    handler: async (request) => {
      const accountId = targetAccount(request.principal!, request.params.account_id);
      return { data: await features.listFeatures(request.tx, accountId) };
    },
  });

  routes.put(ApiPath.accountFeature, {
    schema: { operationId: 'setAccountFeature', params: featureParams, body: featureChange, response: { 200: featureChanged } },
    config: { permission: Permission.platformAdmin },
    audit: { action: 'features.set', target: ({ body }) => `${body.feature_name}=${body.feature_value}`, account: ({ params }) => params.account_id },
    handler: async (request) => {
      const { account_id } = request.params;
      return { data: await features.setFeature(request.tx, account_id, request.body.feature_name, request.body.feature_value) };
    },
  });
}
