import { offboardingApi } from '@keydeck/contract/offboarding.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import * as offboarding from './offboarding.service.ts';

/**
 * Account offboarding, in two guarded steps: export the account's data, then delete the account. Both are
 * audited on the platform account (the caller's), since the offboarded account's own log goes with it.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;
  routes.route({
    ...declared(offboardingApi.getAccountOffboarding),
    config: { permission },
    handler: async (request) => ({ offboarding: await offboarding.offboardingStatus(request.tx, request.params.account_id) }),
  });
  routes.route({
    ...declared(offboardingApi.exportAccountData),
    config: { permission },
    audit: { action: 'accounts.export', target: ({ params, result }) => ({ id: params.account_id, name: result?.account.account_slug }) },
    handler: async (request, reply) => {
      const ctx = { tx: request.tx, caller: principalOf(request), ip: request.ip, idleSeconds: deps.config.session.idleSeconds };
      const exported = await offboarding.exportAccount(ctx, request.params.account_id);
      const filename = `${exported.account.account_slug}-export-${exported.exported_at.slice(0, 10)}.json`;
      reply.header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store');
      return exported;
    },
  });
  routes.route({
    ...declared(offboardingApi.offboardAccount),
    config: { permission },
    audit: { action: 'accounts.offboard', target: ({ params, result }) => ({ id: params.account_id, name: result?.account.account_slug }) },
    handler: async (request) => ({ account: await offboarding.offboardAccount(request.tx, request.params.account_id, request.body.confirm_slug) }),
  });
}
