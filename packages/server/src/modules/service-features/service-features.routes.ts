import { serviceFeaturesApi } from '@keydeck/contract/service-features.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import * as service from './service-features.service.ts';

/**
 * GET service/features (account_id, spec §7): the optional capabilities the caller's current service offers the
 * account. Any member of the service may ask (no permission category); the account must be the caller's own,
 * unless a platform administrator asks.
 */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    ...declared(serviceFeaturesApi.serviceFeatures),
    config: { signedIn: true, serviceAccess: { category: null, level: 'View' } },
    handler: (request) => service.featuresOf(request.tx, principalOf(request), request.serviceAccess.serviceId, request.query.account_id),
  });
}
