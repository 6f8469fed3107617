import { auditApi } from '@keydeck/contract/audit.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { targetAccount } from '../../platform/account-access.ts';
import { checkpointLog } from '../../platform/audit-checkpoint-log.ts';
import { namedAccount } from '../../platform/audit-declaration.ts';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import { forbidden } from '../../platform/errors.ts';
import { checkpointNow, deliverCheckpoints } from './audit-checkpoints.ts';
import * as audit from './audit.service.ts';

/** Audit logs: customers read their own account's, platform administrators every account's. */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const checkpoints = checkpointLog(deps.config.dataDir, deps.auditKey);

  routes.route({
    ...declared(auditApi.listAuditEvents),
    // The caller's right to read the account's log is checked on the primary; the events may be a moment old.
    config: { permission: Permission.auditRead, staleReads: true },
    handler: (request) =>
      audit.listEvents(request.tx, targetAccount(principalOf(request), request.query.account_id, 'every-account'), request.query),
  });

  routes.route({
    ...declared(auditApi.exportAuditEvents),
    config: { permission: Permission.auditRead, staleReads: true },
    // Streamed inside the request's transaction, so the export is one consistent snapshot.
    handler: async (request, reply) => {
      const accountId = targetAccount(principalOf(request), request.query.account_id, 'every-account');
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`,
        'cache-control': 'no-store',
      });
      await audit.exportCsv(request.tx, accountId, request.query, (chunk) =>
        out.write(chunk) ? Promise.resolve() : new Promise((resolve) => out.once('drain', resolve)),
      );
      out.end();
    },
  });

  routes.route({
    ...declared(auditApi.verifyAuditChain),
    config: { permission: Permission.auditRead },
    handler: async (request) => {
      const { account_id, all } = request.query;
      if (all) {
        if (!principalOf(request).platformAdmin) throw forbidden('every_chain_platform_only');
        return { chains: await audit.verifyEveryChain(request.tx, app.auditKey, checkpoints) };
      }
      // A platform administrator without an account named verifies their own (the platform's) chain.
      return { chains: [await audit.verifyAccountChain(request.tx, app.auditKey, checkpoints, targetAccount(principalOf(request), account_id))] };
    },
  });

  // On demand, beside the periodic checkpoints (audit-checkpoints.ts): seals the chains' heads now.
  routes.route({
    ...declared(auditApi.checkpointAuditChain),
    config: { permission: Permission.auditRead, audit: { action: 'audit.checkpoint', account: namedAccount } },
    handler: async (request) => {
      const { account_id, all } = request.body;
      if (all && !principalOf(request).platformAdmin) throw forbidden('every_chain_platform_only');
      const { written, checkpoints: latest } = await checkpointNow(request.tx, checkpoints, all ? 'every' : [targetAccount(principalOf(request), account_id)]);
      // Sent once the answer is on its way, outside the request's transaction.
      void deliverCheckpoints(deps.db, deps.egress, written, request.log).catch((err: unknown) =>
        request.log.warn({ err }, 'audit checkpoint not sent to syslog'),
      );
      return { checkpoints: latest };
    },
  });
}
