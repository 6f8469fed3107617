import { allowlistApi } from '@keydeck/contract/allowlist.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { targetAccount } from '../../platform/account-access.ts';
import { namedAccount } from '../../platform/audit-declaration.ts';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import * as service from './allowlist.service.ts';

/** Spec §7: admin/ips GET, POST, DELETE (ip_address, account_id). */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    ...declared(allowlistApi.getIpAllowlist),
    config: { permission: Permission.companyRead },
    handler: (request) => service.getAllowlist(request.tx, targetAccount(principalOf(request), request.query.account_id), request.ip),
  });

  routes.route({
    ...declared(allowlistApi.addIpAllowlistEntry),
    config: { permission: Permission.allowlistManage },
    audit: { action: 'allowlist.add', target: ({ body }) => body.ip_address, account: namedAccount },
    handler: (request) => {
      const accountId = targetAccount(principalOf(request), request.body.account_id);
      return service.addEntry(request.tx, accountId, request.body.ip_address, caller(request, accountId, request.body.confirm));
    },
  });

  routes.route({
    ...declared(allowlistApi.updateAccountSettings),
    config: { permission: Permission.allowlistManage },
    audit: { action: 'allowlist.enforce', target: ({ body }) => `enforce_ip=${body.enforce_ip}` },
    handler: (request) => {
      const accountId = principalOf(request).account.id; // the settings screen switches the caller's own account
      const caller = { ip: request.ip, ownAccount: true, confirmed: request.body.confirm };
      return service.setEnforcement(request.tx, accountId, request.body.enforce_ip, caller);
    },
  });

  routes.route({
    ...declared(allowlistApi.removeIpAllowlistEntry),
    config: { permission: Permission.allowlistManage },
    audit: { action: 'allowlist.remove', target: ({ body }) => body.ip_address, account: namedAccount },
    handler: (request) => {
      const accountId = targetAccount(principalOf(request), request.body.account_id);
      return service.removeEntry(request.tx, accountId, request.body.ip_address, caller(request, accountId, request.body.confirm));
    },
  });
}

function caller(request: FastifyRequest, accountId: string, confirmed: boolean): service.Caller {
  return { ip: request.ip, ownAccount: accountId === principalOf(request).account.id, confirmed };
}
