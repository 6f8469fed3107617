import { ApiPath } from '@keydeck/contract/http';
import {
  accountExport,
  offboardingDeleteBody,
  offboardingDeleted,
  offboardingParams,
  offboardingStatus,
} from '@keydeck/contract/offboarding';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import * as offboarding from './offboarding.service.ts';

/**
 * Account offboarding, in two guarded steps: export the account's data, then delete the account. Both are
 * audited on the platform account (the caller's), since the offboarded account's own log goes with it.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;
  routes.get(ApiPath.accountOffboarding, {
    schema: { operationId: 'getAccountOffboarding', params: offboardingParams, response: { 200: offboardingStatus } },
    config: { permission },
    handler: async (request) => ({ offboarding: await offboarding.offboardingStatus(request.tx, request.params.account_id) }),
  });
  routes.post(ApiPath.accountOffboardingExport, {
    schema: { operationId: 'exportAccountData', params: offboardingParams, response: { 200: accountExport } },
    config: { permission },
    audit: { action: 'accounts.export', target: ({ params, result }) => result?.account.account_slug ?? params.account_id },
    handler: async (request, reply) => {
      const ctx = { tx: request.tx, caller: request.principal!, ip: request.ip, idleSeconds: deps.config.session.idleSeconds };
      const exported = await offboarding.exportAccount(ctx, request.params.account_id);
      const filename = `${exported.account.account_slug}-export-${exported.exported_at.slice(0, 10)}.json`;
      reply.header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store');
      return exported;
    },
  });
  routes.delete(ApiPath.accountOffboarding, {
    schema: { operationId: 'offboardAccount', params: offboardingParams, body: offboardingDeleteBody, response: { 200: offboardingDeleted } },
    config: { permission },
    audit: { action: 'accounts.offboard', target: ({ params, result }) => result?.account.account_slug ?? params.account_id },
    handler: async (request) => ({ account: await offboarding.offboardAccount(request.tx, request.params.account_id, request.body.confirm_slug) }),
  });
}
