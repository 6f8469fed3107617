import { auditFilters, auditListQuery, auditPage, chainVerifications, chainVerifyQuery } from '@keydeck/contract/audit';
import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { targetAccount } from '../../platform/account-access.ts';
import { forbidden } from '../../platform/errors.ts';
import * as audit from './audit.service.ts';

/** Audit logs: customers read their own account's, platform administrators every account's. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(ApiPath.auditEvents, {
    schema: { operationId: 'listAuditEvents', querystring: auditListQuery, response: { 200: auditPage } },
    config: { permission: Permission.auditRead },
    handler: (request) =>
      audit.listEvents(request.tx, targetAccount(request.principal!, request.query.account_id, 'every-account'), request.query),
  });

  routes.get(ApiPath.auditExport, {
    schema: {
      operationId: 'exportAuditEvents',
      querystring: auditFilters,
      response: { 200: z.string().describe('text/csv, one event a line') },
    },
    config: { permission: Permission.auditRead },
    // Streamed inside the request's transaction, so the export is one consistent snapshot.
    handler: async (request, reply) => {
      const accountId = targetAccount(request.principal!, request.query.account_id, 'every-account');
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

  routes.get(ApiPath.auditVerify, {
    schema: { operationId: 'verifyAuditChain', querystring: chainVerifyQuery, response: { 200: chainVerifications } },
    config: { permission: Permission.auditRead },
    handler: async (request) => {
      const { account_id, all } = request.query;
      if (all) {
        if (!request.principal!.platformAdmin) throw forbidden('every_chain_platform_only');
        return { chains: await audit.verifyEveryChain(request.tx, app.auditKey) };
      }
      // A platform administrator without an account named verifies their own (the platform's) chain.
      return { chains: [await audit.verifyAccountChain(request.tx, app.auditKey, targetAccount(request.principal!, account_id))] };
    },
  });
}
