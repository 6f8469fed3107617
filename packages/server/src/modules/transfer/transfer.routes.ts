import { ApiPath } from '@keydeck/contract/http';
import {
  ftpServersCreateBody,
  ftpServersUpdateBody,
  hostKeysBody,
  hostKeysQuery,
  hostKeysResponse,
  hostKeysResultResponse,
  scpServersCreateBody,
  scpServersUpdateBody,
  transferServersDeleteBody,
  transferServersQuery,
  transferServersResponse,
  transferServersResultResponse,
  transferServerTestBody,
  transferTestResponse,
  type HostKeysResultResponse,
  type TransferFamily,
  type TransferServerFields,
  type TransferServersResultResponse,
} from '@keydeck/contract/transfer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import type { AuditInput } from '../../platform/audit-declaration.ts';
import { serviceSessionRequired } from '../../platform/errors.ts';
import { preparedValue } from '../../platform/prepared-value.ts';
import { serviceDataRoutes } from '../../platform/service-data-routes.ts';
import { accountScope, type TenantScope } from '../../platform/tenant-scope.ts';
import * as hostKeys from './host-keys.service.ts';
import * as servers from './transfer-servers.service.ts';
import { recordTest, testConnection, type PreparedTest } from './transfer.delivery.ts';
import type { TransferScope } from './transfer.scope.ts';

/** The connection test's outcome: made before the request's transaction opens, so none waits on the network. */
const preparedTest = preparedValue<PreparedTest>();

/** What changed, by the service's name and the rows named. */
function batchTarget({ request }: AuditInput, what: string[]) {
  return `${request.serviceAccess.serviceName}: ${what.join(', ') || 'nothing'}`;
}
const succeeded = (result: TransferServersResultResponse | HostKeysResultResponse | undefined) => result?.results.filter((r) => r.success).map((r) => r.name) ?? [];
/** A server as its audit trail names it: never its secret. */
const described = (s: TransferServerFields) => `${s.name} (${s.protocol}://${s.username}@${s.host}${s.port ? `:${s.port}` : ''}/${s.remote_directory})`;

/**
 * Transfer servers of the current service (spec §7 service/ftp_servers and service/scp_servers) and the SSH host
 * keys pinned for them (service/host_keys). Reading needs the Host category, changing or testing it Modify.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { view, modify, scopeOf } = serviceDataRoutes('Host', {
    scope: ({ tx, accountId, serviceId, actor }): TransferScope => ({ tx, accountId, serviceId, actor, secretBox: deps.secretBox }),
  });
  const tenantOf = (request: FastifyRequest): TenantScope => {
    const principal = request.principal!;
    return principal.platformAdmin ? { accountId: principal.account.id, bypass: true } : accountScope(principal.account.id);
  };
  /** A service named in the query must be the one of the caller's service session. */
  const sameService = (request: FastifyRequest, serviceId: string | undefined) => {
    if (serviceId !== undefined && serviceId !== request.serviceAccess.serviceId) throw serviceSessionRequired();
  };

  const family = (name: TransferFamily) => {
    const paths = name === 'ftp' ? { list: ApiPath.ftpServers, test: ApiPath.ftpServerTest } : { list: ApiPath.scpServers, test: ApiPath.scpServerTest };
    const bodies = name === 'ftp' ? { create: ftpServersCreateBody, update: ftpServersUpdateBody } : { create: scpServersCreateBody, update: scpServersUpdateBody };
    const label = name === 'ftp' ? 'Ftp' : 'Scp';

    routes.get(paths.list, {
      schema: { operationId: `list${label}Servers`, querystring: transferServersQuery, response: { 200: transferServersResponse } },
      config: view,
      handler: (request) => {
        sameService(request, request.query.service_id);
        return servers.list(scopeOf(request), name);
      },
    });
    routes.post(paths.list, {
      schema: { operationId: `create${label}Servers`, body: bodies.create, response: { 200: transferServersResultResponse } },
      config: modify,
      audit: {
        action: 'transfer_server.create',
        // One result a row, in the body's order.
        target: (input) => batchTarget(input, input.body.servers.filter((_, i) => input.result?.results[i]?.success).map(described)),
      },
      handler: (request) => servers.create(scopeOf(request), name, request.body.servers),
    });
    routes.put(paths.list, {
      schema: { operationId: `update${label}Servers`, body: bodies.update, response: { 200: transferServersResultResponse } },
      config: modify,
      audit: {
        action: 'transfer_server.update',
        target: (input) =>
          batchTarget(
            input,
            (input.result?.results ?? []).flatMap((r) => (r.success && r.server ? [`${r.server.name} (${r.server.protocol}://${r.server.username}@${r.server.host}:${r.server.port}/${r.server.remote_directory})`] : [])),
          ),
      },
      handler: (request) => servers.update(scopeOf(request), name, request.body.servers),
    });
    routes.delete(paths.list, {
      schema: { operationId: `delete${label}Servers`, body: transferServersDeleteBody, response: { 200: transferServersResultResponse } },
      config: modify,
      audit: { action: 'transfer_server.delete', target: (input) => batchTarget(input, succeeded(input.result)) },
      handler: (request) => servers.remove(scopeOf(request), name, request.body.servers),
    });
    routes.post(paths.test, {
      schema: { operationId: `test${label}Server`, body: transferServerTestBody, response: { 200: transferTestResponse } },
      config: modify,
      // A failed test is recorded as a failure with its cause: a refused address, a changed host key, bad credentials.
      audit: {
        action: 'transfer_server.test',
        target: (input) => batchTarget(input, [input.body.name]),
        failure: ({ test_result }) => (test_result.success ? undefined : test_result.message.slice(0, 200)),
      },
      // The connection is made before the request's transaction opens: no transaction waits on the network.
      preHandler: async (request) => {
        preparedTest.set(request, await testConnection(deps, tenantOf(request), request.serviceAccess.serviceId, name, request.body.name));
      },
      handler: async (request) => ({ test_result: await recordTest(request.tx, preparedTest.of(request)) }),
    });
  };
  family('scp');
  family('ftp');

  routes.get(ApiPath.hostKeys, {
    schema: { operationId: 'listHostKeys', querystring: hostKeysQuery, response: { 200: hostKeysResponse } },
    config: view,
    handler: (request) => {
      sameService(request, request.query.service_id);
      return hostKeys.list(scopeOf(request));
    },
  });
  routes.put(ApiPath.hostKeys, {
    schema: { operationId: 'trustHostKeys', body: hostKeysBody, response: { 200: hostKeysResultResponse } },
    config: modify,
    audit: { action: 'host_key.trust', target: (input) => batchTarget(input, succeeded(input.result)) },
    handler: (request) => hostKeys.trust(scopeOf(request), request.body.host_keys),
  });
  routes.delete(ApiPath.hostKeys, {
    schema: { operationId: 'forgetHostKeys', body: hostKeysBody, response: { 200: hostKeysResultResponse } },
    config: modify,
    audit: { action: 'host_key.delete', target: (input) => batchTarget(input, succeeded(input.result)) },
    handler: (request) => hostKeys.forget(scopeOf(request), request.body.host_keys),
  });
}
