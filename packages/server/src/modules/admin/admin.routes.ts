import { adminApi } from '@keydeck/contract/admin.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared } from '../../platform/endpoint-route.ts';
import type { AppDeps } from '../../platform/app-deps.ts';

/** Spec §7: GET admin/info, shown on the server status page. */
export function register(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...declared(adminApi.getServerInfo),
    config: { permission: Permission.serverStatusRead },
    handler: async () => ({ server_version: deps.versions.server, web_version: deps.versions.web }),
  });
}
