import { accountSettings, accountSettingsUpdate } from '@keydeck/contract/accounts';
import { allowlist, allowlistChange, allowlistQuery } from '@keydeck/contract/allowlist';
import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { targetAccount } from '../../platform/account-access.ts';
import { namedAccount } from '../../platform/audit-declaration.ts';
import * as service from './allowlist.service.ts';

/** Spec §7: admin/ips GET, POST, DELETE (ip_address, account_id). */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(ApiPath.adminIps, {
    schema: { operationId: 'getIpAllowlist', querystring: allowlistQuery, response: { 200: allowlist } },
    config: { permission: Permission.companyRead },
    handler: (request) => service.getAllowlist(request.tx, targetAccount(request.principal!, request.query.account_id), request.ip),
  });

  routes.post(ApiPath.adminIps, {
    schema: { operationId: 'addIpAllowlistEntry', body: allowlistChange, response: { 200: allowlist } },
    config: { permission: Permission.allowlistManage },
    audit: { action: 'allowlist.add', target: ({ body }) => body.ip_address, account: namedAccount },
    handler: (request) => {
      const accountId = targetAccount(request.principal!, request.body.account_id);
      return service.addEntry(request.tx, accountId, request.body.ip_address, caller(request, accountId, request.body.confirm));
    },
  });

  routes.put(ApiPath.userAccount, {
    schema: { operationId: 'updateAccountSettings', body: accountSettingsUpdate, response: { 200: accountSettings } },
    config: { permission: Permission.allowlistManage },
    audit: { action: 'allowlist.enforce', target: ({ body }) => `enforce_ip=${body.enforce_ip}` },
    handler: (request) => {
      const accountId = request.principal!.account.id; // the settings screen switches the caller's own account
      const caller = { ip: request.ip, ownAccount: true, confirmed: request.body.confirm };
      return service.setEnforcement(request.tx, accountId, request.body.enforce_ip, caller);
    },
  });

  routes.delete(ApiPath.adminIps, {
    schema: { operationId: 'removeIpAllowlistEntry', body: allowlistChange, response: { 200: allowlist } },
    config: { permission: Permission.allowlistManage },
    audit: { action: 'allowlist.remove', target: ({ body }) => body.ip_address, account: namedAccount },
    handler: (request) => {
      const accountId = targetAccount(request.principal!, request.body.account_id);
      return service.removeEntry(request.tx, accountId, request.body.ip_address, caller(request, accountId, request.body.confirm));
    },
  });
}

function caller(request: FastifyRequest, accountId: string, confirmed: boolean): service.Caller {
  return { ip: request.ip, ownAccount: accountId === request.principal!.account.id, confirmed };
}
