import { Permission } from '@keydeck/contract/permissions';
import { adminServicesApi } from '@keydeck/contract/services.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { perAccountOf } from '../../platform/audit-declaration.ts';
import { declared } from '../../platform/endpoint-route.ts';
import * as adminServices from './admin-services.service.ts';

/**
 * Platform administrators run the services' life cycle (spec §7 admin/services): create, approve, enable,
 * disable, reject and delete. Each change is audited on the account of the services it touched.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;
  // Provisioning starts at once in this process once the transaction that queued it has committed.
  const wakeProvisioning = async () => adminServices.wakeProvisioning(deps.jobs);

  routes.route({
    ...declared(adminServicesApi.adminListServices),
    config: { permission },
    handler: (request) => adminServices.listEveryAccountsServices(request.tx, request.query),
  });
  routes.route({
    ...declared(adminServicesApi.adminCreateServices),
    config: { permission },
    audit: {
      action: 'service.create',
      target: ({ body }) => body.services.map((s) => s.name).join(', '),
      perAccount: ({ result }) => perAccountOf(result.services.map((s) => ({ account: s.account_id, target: s.name }))),
    },
    handler: async (request, reply) => {
      const created = await adminServices.createServices(request.tx, deps.jobs, request.body.services);
      request.afterCommit.push(wakeProvisioning);
      reply.status(201);
      return { services: created };
    },
  });
  routes.route({
    ...declared(adminServicesApi.adminUpdateServices),
    config: { permission },
    audit: {
      action: 'service.update',
      target: ({ body }) => body.services.map((c) => `${c.id}: ${c.action}`).join(', '),
      perAccount: ({ body, result }) => {
        const byId = new Map(result.services.map((s) => [s.id, s]));
        return perAccountOf(body.services.map((c) => ({ account: byId.get(c.id)!.account_id, target: `${byId.get(c.id)!.name}: ${c.action}` })));
      },
    },
    handler: async (request) => {
      const changes = request.body.services;
      const updated = await adminServices.updateServices(request.tx, deps.jobs, changes);
      if (changes.some((c) => c.action === 'approve')) request.afterCommit.push(wakeProvisioning);
      return { services: updated };
    },
  });
  routes.route({
    ...declared(adminServicesApi.adminDeleteServices),
    config: { permission },
    audit: {
      action: 'service.delete',
      target: ({ body }) => body.services.join(', '),
      perAccount: ({ result }) => perAccountOf(result.services.map((s) => ({ account: s.account_id, target: s.name }))),
    },
    handler: async (request) => ({ services: await adminServices.deleteServices(request.tx, request.body.services) }),
  });
}
