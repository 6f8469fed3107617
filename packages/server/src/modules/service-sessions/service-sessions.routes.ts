import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import { serviceIdParams, serviceLoginResponse } from '@keydeck/contract/services';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import * as serviceSessions from './service-sessions.service.ts';

/** Service sessions (spec §7 POST/DELETE service/login/{id}): a user's short-lived access to one service's data. */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const sessionDeps = { tokens: deps.serviceTokens, idleSeconds: deps.config.serviceSession.idleSeconds };
  const permission = Permission.servicesRead;

  routes.post(ApiPath.serviceLogin, {
    schema: { operationId: 'serviceLogin', params: serviceIdParams, response: { 200: serviceLoginResponse } },
    config: { permission },
    // A session opened names its service; a refusal, the id asked for.
    audit: {
      action: 'service.login',
      target: async ({ params, result, tx, request }) => (result && (await serviceSessions.serviceName(tx, request.principal!, params.service_id))) ?? params.service_id,
    },
    handler: async (request) => ({
      service_session: await serviceSessions.login(request.tx, request.principal!, request.params.service_id, sessionDeps, request.ip),
    }),
  });
  routes.get(ApiPath.serviceLogin, {
    schema: { operationId: 'getServiceSession', params: serviceIdParams, response: { 200: serviceLoginResponse } },
    config: { permission },
    handler: async (request) => ({
      service_session: await serviceSessions.current(request.tx, request.principal!, request.params.service_id, sessionDeps.idleSeconds),
    }),
  });
  routes.delete(ApiPath.serviceLogin, {
    schema: { operationId: 'serviceLogout', params: serviceIdParams, response: { 200: z.object({}) } },
    config: { permission },
    audit: { action: 'service.logout', target: ({ params }) => params.service_id },
    handler: async (request) => {
      await serviceSessions.logout(request.tx, request.principal!, request.params.service_id);
      return {};
    },
  });
}
