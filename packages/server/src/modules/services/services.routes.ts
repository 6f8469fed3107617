import { Permission } from '@keydeck/contract/permissions';
import { servicesApi } from '@keydeck/contract/services.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import * as services from './services.service.ts';

/** The account's services (spec §7 service/services, service/): the list and catalogue, requests, the current service. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    ...declared(servicesApi.listServices),
    config: { permission: Permission.servicesRead },
    handler: (request) => services.listServices(request.tx, principalOf(request), request.query),
  });
  routes.route({
    ...declared(servicesApi.requestService),
    config: { permission: Permission.servicesManage },
    audit: { action: 'service.request', target: ({ body }) => body.name },
    handler: async (request, reply) => {
      const service = await services.requestService(request.tx, principalOf(request), request.body);
      reply.status(201);
      return { service };
    },
  });
  routes.route({
    ...declared(servicesApi.cancelServiceRequests),
    config: { permission: Permission.servicesManage },
    audit: { action: 'service.cancel', target: ({ body, result }) => result?.services.map((s) => s.name).join(', ') ?? body.services.join(', ') },
    handler: async (request) => ({ services: await services.cancelRequests(request.tx, principalOf(request), request.body.services) }),
  });
  // Selecting changes no data, but it is a change of the session: audited like every state-changing call.
  routes.route({
    ...declared(servicesApi.selectCurrentService),
    config: { permission: Permission.servicesRead },
    audit: { action: 'service.select', target: ({ body }) => body.service_id ?? 'none' },
    handler: async (request) => {
      return { service_id: await services.selectCurrentService(request.tx, principalOf(request), request.body.service_id) };
    },
  });
  routes.route({
    ...declared(servicesApi.getService),
    config: { permission: Permission.servicesRead },
    handler: async (request) => ({ service: await services.getService(request.tx, principalOf(request), request.query.id) }),
  });
}
