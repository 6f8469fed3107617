import { ApiPath } from '@keydeck/contract/http';
import { serviceFeaturesQuery, serviceFeaturesResponse } from '@keydeck/contract/service-features';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './service-features.service.ts';

/**
 * GET service/features (account_id, spec §7): the optional capabilities the caller's current service offers the
 * account. Any member of the service may ask (no permission category); the account must be the caller's own,
 * unless a platform administrator asks.
 */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(ApiPath.serviceFeatures, {
    schema: { operationId: 'serviceFeatures', querystring: serviceFeaturesQuery, response: { 200: serviceFeaturesResponse } },
    config: { signedIn: true, serviceAccess: { category: null, level: 'View' } },
    handler: (request) => service.featuresOf(request.tx, request.principal!, request.serviceAccess.serviceId, request.query.account_id),
  });
}
