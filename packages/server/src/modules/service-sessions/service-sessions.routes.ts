import { Permission } from '@keydeck/contract/permissions';
import { serviceSessionsApi } from '@keydeck/contract/service-sessions.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import * as serviceSessions from './service-sessions.service.ts';

/** Service sessions (spec §7 POST/DELETE service/login/{id}): a user's short-lived access to one service's data. */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const sessionDeps = { tokens: deps.serviceTokens, idleSeconds: deps.config.serviceSession.idleSeconds };
  const permission = Permission.servicesRead;

  routes.route({
    ...declared(serviceSessionsApi.serviceLogin),
    config: { permission },
    // The service's id; the audit log adds its name (a refusal keeps the id asked for).
    audit: { action: 'service.login', target: ({ params }) => params.service_id },
    handler: async (request) => ({
      service_session: await serviceSessions.login(request.tx, principalOf(request), request.params.service_id, sessionDeps, request.ip),
    }),
  });
  routes.route({
    ...declared(serviceSessionsApi.getServiceSession),
    config: { permission },
    handler: async (request) => ({
      service_session: await serviceSessions.current(request.tx, principalOf(request), request.params.service_id, sessionDeps.idleSeconds),
    }),
  });
  routes.route({
    ...declared(serviceSessionsApi.serviceLogout),
    config: { permission },
    audit: { action: 'service.logout', target: ({ params }) => params.service_id },
    handler: async (request) => {
      await serviceSessions.logout(request.tx, principalOf(request), request.params.service_id);
      return {};
    },
  });
}
