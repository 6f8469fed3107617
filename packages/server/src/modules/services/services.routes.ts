import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import {
  currentServiceBody,
  currentServiceResponse,
  serviceCancelBody,
  serviceQuery,
  serviceRequestBody,
  serviceResponse,
  servicesPage,
  servicesQuery,
  servicesResponse,
} from '@keydeck/contract/services';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as services from './services.service.ts';

/** The account's services (spec §7 service/services, service/): the list and catalogue, requests, the current service. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(ApiPath.services, {
    schema: { operationId: 'listServices', querystring: servicesQuery, response: { 200: servicesPage } },
    config: { permission: Permission.servicesRead },
    handler: (request) => services.listServices(request.tx, request.principal!, request.query),
  });
  routes.post(ApiPath.services, {
    schema: { operationId: 'requestService', body: serviceRequestBody, response: { 201: serviceResponse } },
    config: { permission: Permission.servicesManage },
    audit: { action: 'service.request', target: ({ body }) => body.name },
    handler: async (request, reply) => {
      const service = await services.requestService(request.tx, request.principal!, request.body);
      reply.status(201);
      return { service };
    },
  });
  routes.delete(ApiPath.services, {
    schema: { operationId: 'cancelServiceRequests', body: serviceCancelBody, response: { 200: servicesResponse } },
    config: { permission: Permission.servicesManage },
    audit: { action: 'service.cancel', target: ({ body, result }) => result?.services.map((s) => s.name).join(', ') ?? body.services.join(', ') },
    handler: async (request) => ({ services: await services.cancelRequests(request.tx, request.principal!, request.body.services) }),
  });
  // Selecting changes no data, but it is a change of the session: audited like every state-changing call.
  routes.put(ApiPath.services, {
    schema: { operationId: 'selectCurrentService', body: currentServiceBody, response: { 200: currentServiceResponse } },
    config: { permission: Permission.servicesRead },
    audit: { action: 'service.select', target: ({ body }) => body.service_id ?? 'none' },
    handler: async (request) => {
      return { service_id: await services.selectCurrentService(request.tx, request.principal!, request.body.service_id) };
    },
  });
  routes.get(ApiPath.service, {
    schema: { operationId: 'getService', querystring: serviceQuery, response: { 200: serviceResponse } },
    config: { permission: Permission.servicesRead },
    handler: async (request) => ({ service: await services.getService(request.tx, request.principal!, request.query.id) }),
  });
}
