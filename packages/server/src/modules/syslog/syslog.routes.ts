import { Permission } from '@keydeck/contract/permissions';
import { syslogApi } from '@keydeck/contract/syslog.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { targetAccount } from '../../platform/account-access.ts';
import { namedAccount } from '../../platform/audit-declaration.ts';
import { namesBefore } from '../../platform/audit-names.ts';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import { preparedValue } from '../../platform/prepared-value.ts';
import * as syslog from './syslog.service.ts';

type TestResult = Awaited<ReturnType<typeof syslog.sendTestMessage>>;

/** The test message's outcome: sent before the request's transaction opens, so none waits on the network. */
const testResult = preparedValue<TestResult>();

/**
 * Spec §2 settings/syslog-server-configs/{account_id} and the admin account child syslog-server-configs:
 * an account's syslog servers, and a test message. A customer reaches only their own account (404 else).
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { syslogRead: read, syslogManage: manage } = Permission;

  routes.route({
    ...declared(syslogApi.listSyslogConfigs),
    config: { permission: read },
    handler: (request) => syslog.listConfigs(request.tx, targetAccount(principalOf(request), request.params.account_id), request.query),
  });

  routes.route({
    ...declared(syslogApi.createSyslogConfig),
    config: { permission: manage },
    audit: {
      action: 'syslog.create',
      target: ({ body, result }) => {
        const name = `${body.name} (${body.protocol}://${body.host}:${body.port})`;
        return result ? { id: result.syslog_config.id, name } : name;
      },
      account: namedAccount,
    },
    handler: async (request, reply) => {
      const accountId = targetAccount(principalOf(request), request.params.account_id);
      const created = await syslog.createConfig(request.tx, accountId, request.body);
      // Returned, not sent: the reply must leave after the transaction commits, or a quick next request
      // on another connection could miss the new row.
      reply.status(201);
      return { syslog_config: created };
    },
  });

  routes.route({
    ...declared(syslogApi.updateSyslogConfig),
    config: { permission: manage },
    audit: { action: 'syslog.update', target: ({ params, result }) => ({ id: params.config_id, name: result?.syslog_config.name }), account: namedAccount },
    handler: async (request) => {
      const accountId = targetAccount(principalOf(request), request.params.account_id);
      return { syslog_config: await syslog.updateConfig(request.tx, accountId, request.params.config_id, request.body) };
    },
  });

  routes.route({
    ...declared(syslogApi.deleteSyslogConfig),
    config: { permission: manage },
    audit: {
      action: 'syslog.delete',
      before: ({ params, tx }) => namesBefore(tx, [params.config_id]),
      target: ({ params, before }) => ({ id: params.config_id, name: before.names }),
      account: namedAccount,
    },
    handler: async (request) => {
      const accountId = targetAccount(principalOf(request), request.params.account_id);
      await syslog.deleteConfig(request.tx, accountId, request.params.config_id);
      return { deleted: request.params.config_id };
    },
  });

  routes.route({
    ...declared(syslogApi.testSyslogConfig),
    config: { permission: manage },
    // An undelivered test message is recorded as a failure, with the transport's reason.
    audit: {
      action: 'syslog.test',
      target: ({ params }) => params.config_id,
      account: namedAccount,
      failure: ({ test_result }) => (test_result.delivered ? undefined : (test_result.error ?? 'not_delivered').slice(0, 200)),
    },
    // The message goes out before the request's transaction opens: no transaction waits on the network.
    preHandler: async (request) => {
      const accountId = targetAccount(principalOf(request), request.params.account_id);
      testResult.set(request, await syslog.sendTestMessage(deps.db, deps.egress, principalOf(request), accountId, request.params.config_id, request.id));
    },
    handler: async (request) => ({ test_result: testResult.of(request) }),
  });
}
