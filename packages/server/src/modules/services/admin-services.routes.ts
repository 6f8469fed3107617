import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import { adminServicesCreateBody, adminServicesDeleteBody, adminServicesUpdateBody, servicesResponse, type Service } from '@keydeck/contract/services';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { writeAuditEvent } from '../../platform/audit.ts';
import * as adminServices from './admin-services.service.ts';
import { PROVISIONING_QUEUE } from './services.jobs.ts';

/**
 * Platform administrators run the services' life cycle (spec §7 admin/services): create, approve, enable,
 * disable, reject and delete. Each change is audited on the account of the services it touched.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;
  // Provisioning starts at once in this process once the transaction that queued it has committed.
  const wakeProvisioning = async () => deps.jobs.wake(PROVISIONING_QUEUE);

  routes.post(ApiPath.adminServices, {
    schema: { operationId: 'adminCreateServices', body: adminServicesCreateBody, response: { 201: servicesResponse } },
    config: { permission, audit: 'service.create' },
    handler: async (request, reply) => {
      request.auditDetails.target = request.body.services.map((s) => s.name).join(', ');
      const created = await adminServices.createServices(request.tx, deps.jobs, request.body.services);
      await auditPerAccount(request, 'service.create', created.map((s) => ({ service: s, what: s.name })));
      request.afterCommit.push(wakeProvisioning);
      reply.status(201);
      return { services: created };
    },
  });
  routes.put(ApiPath.adminServices, {
    schema: { operationId: 'adminUpdateServices', body: adminServicesUpdateBody, response: { 200: servicesResponse } },
    config: { permission, audit: 'service.update' },
    handler: async (request) => {
      const changes = request.body.services;
      request.auditDetails.target = changes.map((c) => `${c.id}: ${c.action}`).join(', ');
      const updated = await adminServices.updateServices(request.tx, deps.jobs, changes);
      const byId = new Map(updated.map((s) => [s.id, s]));
      await auditPerAccount(request, 'service.update', changes.map((c) => ({ service: byId.get(c.id)!, what: `${byId.get(c.id)!.name}: ${c.action}` })));
      if (changes.some((c) => c.action === 'approve')) request.afterCommit.push(wakeProvisioning);
      return { services: updated };
    },
  });
  routes.delete(ApiPath.adminServices, {
    schema: { operationId: 'adminDeleteServices', body: adminServicesDeleteBody, response: { 200: servicesResponse } },
    config: { permission, audit: 'service.delete' },
    handler: async (request) => {
      request.auditDetails.target = request.body.services.join(', ');
      const deleted = await adminServices.deleteServices(request.tx, request.body.services);
      await auditPerAccount(request, 'service.delete', deleted.map((s) => ({ service: s, what: s.name })));
      return { services: deleted };
    },
  });
}

/**
 * One audit event per account touched: the request pipeline writes the last one with the request; the
 * others are written here, in the same transaction.
 */
async function auditPerAccount(request: FastifyRequest, action: string, items: { service: Service; what: string }[]): Promise<void> {
  const byAccount = new Map<string, string[]>();
  for (const { service, what } of items) byAccount.set(service.account_id, [...(byAccount.get(service.account_id) ?? []), what]);
  const accounts = [...byAccount.entries()];
  for (const [accountId, targets] of accounts.slice(0, -1)) {
    request.auditDetails = { accountId, target: targets.join(', ') };
    await writeAuditEvent(request.tx, request, action, 'success');
  }
  const [accountId, targets] = accounts[accounts.length - 1]!;
  request.auditDetails = { accountId, target: targets.join(', ') };
}
