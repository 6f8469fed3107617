import { egressApi } from '@keydeck/contract/egress.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DENIED_BY_DEFAULT, allowedRanges, setAllowedRanges } from '../../platform/egress-policy.ts';
import { declared } from '../../platform/endpoint-route.ts';

/** The egress policy: platform administrators open ranges the defaults close (platform/egress-policy.ts). */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    ...declared(egressApi.getEgressPolicy),
    config: { permission: Permission.platformAdmin },
    handler: async (request) => ({ allowed_ranges: await allowedRanges(request.tx), denied_by_default: DENIED_BY_DEFAULT }),
  });

  routes.route({
    ...declared(egressApi.setEgressPolicy),
    config: { permission: Permission.platformAdmin },
    audit: { action: 'egress_policy.update', target: ({ body }) => body.allowed_ranges.join(', ') || 'none' },
    handler: async (request) => ({
      allowed_ranges: await setAllowedRanges(request.tx, request.body.allowed_ranges),
      denied_by_default: DENIED_BY_DEFAULT,
    }),
  });
}
