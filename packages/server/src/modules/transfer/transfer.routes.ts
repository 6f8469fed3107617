import type { HostKeysResultResponse, TransferFamily, TransferServerFields, TransferServersResultResponse } from '@keydeck/contract/transfer';
import { transferApi, transferFamilyApi } from '@keydeck/contract/transfer.api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { namedList } from '../../platform/audit-batch.ts';
import type { AuditInput } from '../../platform/audit-declaration.ts';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import { serviceSessionRequired } from '../../platform/errors.ts';
import { preparedValue } from '../../platform/prepared-value.ts';
import { serviceDataRoutes } from '../../platform/service-data-routes.ts';
import { accountScope, type TenantScope } from '../../platform/tenant-scope.ts';
import * as hostKeys from './host-keys.service.ts';
import * as servers from './transfer-servers.service.ts';
import { recordTest, testConnection, type PreparedTest } from './transfer-delivery.service.ts';
import type { TransferScope } from './transfer.scope.ts';

/** The connection test's outcome: made before the request's transaction opens, so none waits on the network. */
const preparedTest = preparedValue<PreparedTest>();

/** What a call acted on, by the service's name and the rows it was asked for (the first few of a batch). */
function batchTarget({ request }: AuditInput, what: string[]) {
  return `${request.serviceAccess.serviceName}: ${namedList(what) || 'nothing'}`;
}
/** The rows a batch answered for, done or not: its outcome says which were done. */
const asked = (result: TransferServersResultResponse | HostKeysResultResponse | undefined) => result?.results.map((r) => r.name) ?? [];
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
    const principal = principalOf(request);
    return principal.platformAdmin ? { accountId: principal.account.id, bypass: true } : accountScope(principal.account.id);
  };
  /** A service named in the query must be the one of the caller's service session. */
  const sameService = (request: FastifyRequest, serviceId: string | undefined) => {
    if (serviceId !== undefined && serviceId !== request.serviceAccess.serviceId) throw serviceSessionRequired();
  };

  const family = (name: TransferFamily) => {
    const api = transferFamilyApi[name];

    routes.route({
      ...declared(api.list),
      config: view,
      handler: (request) => {
        sameService(request, request.query.service_id);
        return servers.list(scopeOf(request), name);
      },
    });
    routes.route({
      ...declared(api.create),
      config: modify,
      audit: {
        action: 'transfer_server.create',
        target: (input) => batchTarget(input, input.body.servers.map(described)),
      },
      handler: (request) => servers.create(scopeOf(request), name, request.body.servers),
    });
    routes.route({
      ...declared(api.update),
      config: modify,
      audit: {
        action: 'transfer_server.update',
        target: (input) =>
          batchTarget(
            input,
            (input.result?.results ?? []).map((r) => (r.success && r.server ? `${r.server.name} (${r.server.protocol}://${r.server.username}@${r.server.host}:${r.server.port}/${r.server.remote_directory})` : r.name)),
          ),
      },
      handler: (request) => servers.update(scopeOf(request), name, request.body.servers),
    });
    routes.route({
      ...declared(api.remove),
      config: modify,
      audit: { action: 'transfer_server.delete', target: (input) => batchTarget(input, asked(input.result)) },
      handler: (request) => servers.remove(scopeOf(request), name, request.body.servers),
    });
    routes.route({
      ...declared(api.test),
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

  routes.route({
    ...declared(transferApi.listHostKeys),
    config: view,
    handler: (request) => {
      sameService(request, request.query.service_id);
      return hostKeys.list(scopeOf(request));
    },
  });
  routes.route({
    ...declared(transferApi.trustHostKeys),
    config: modify,
    audit: { action: 'host_key.trust', target: (input) => batchTarget(input, asked(input.result)) },
    handler: (request) => hostKeys.trust(scopeOf(request), request.body.host_keys),
  });
  routes.route({
    ...declared(transferApi.forgetHostKeys),
    config: modify,
    audit: { action: 'host_key.delete', target: (input) => batchTarget(input, asked(input.result)) },
    handler: (request) => hostKeys.forget(scopeOf(request), request.body.host_keys),
  });
}
