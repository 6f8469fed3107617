import { healthApi } from '@keydeck/contract/health.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { declared } from '../../platform/endpoint-route.ts';

/** Liveness and readiness for load balancers and orchestrators. Neither touches a tenant's data. */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  let shuttingDown = false;
  app.decorate('stopBeingReady', () => {
    shuttingDown = true;
  });
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });

  routes.route({
    ...declared(healthApi.health),
    config: { public: true, withoutTransaction: true },
    handler: async () => ({ status: 'ok' as const }),
  });

  routes.route({
    ...declared(healthApi.ready),
    config: { public: true, withoutTransaction: true },
    handler: async (_request, reply) => {
      const reachable = !shuttingDown && (await deps.database.ping().then(() => true, () => false));
      return reachable ? { status: 'ok' as const } : reply.status(503).send({ status: 'unavailable' as const });
    },
  });
}
