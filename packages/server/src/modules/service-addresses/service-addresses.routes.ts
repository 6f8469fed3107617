import { serviceAddressesApi } from '@keydeck/contract/service-addresses.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared } from '../../platform/endpoint-route.ts';
import { serviceDataRoutes } from '../../platform/service-data-routes.ts';
import * as service from './service-addresses.service.ts';

/**
 * The current service's own allowed IP addresses (spec §1), checked on every service data call and bearer-token
 * call on top of the account's allowlist (platform/service-access.ts). They decide who may use the service at all,
 * as the service's users and groups do: the User category governs them, View to read and Modify to change.
 */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { view, modify, scopeOf } = serviceDataRoutes('User', { scope: ({ tx, access }, request): service.AddressScope => ({ tx, access, ip: request.ip }) });

  routes.route({
    ...declared(serviceAddressesApi.listServiceAllowedAddresses),
    config: view,
    handler: (request) => service.list(scopeOf(request)),
  });

  routes.route({
    ...declared(serviceAddressesApi.replaceServiceAllowedAddresses),
    config: modify,
    audit: {
      action: 'service_address.replace',
      before: async ({ request, tx }) => ({ addresses: service.describe((await service.list({ ...scopeOf(request), tx })).allowed_addresses).join('\n') }),
      target: ({ request, before, result }) => {
        const name = request.serviceAccess.serviceName;
        if (!result) return name;
        const was = new Set(before.addresses ? before.addresses.split('\n') : []);
        const now = service.describe(result.allowed_addresses);
        const changes = [...now.filter((entry) => !was.has(entry)).map((entry) => `+${entry}`), ...[...was].filter((entry) => !now.includes(entry)).map((entry) => `-${entry}`)];
        return `${name}: ${changes.join(', ') || 'no change'}${now.length === 0 ? ' (every address allowed)' : ''}`;
      },
    },
    handler: (request) => service.replace(scopeOf(request), request.body.allowed_addresses, request.body.confirm),
  });
}
