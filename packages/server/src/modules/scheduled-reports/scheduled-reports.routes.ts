import { REPORT_KIND_LABELS, type ScheduledReport, type ScheduledReportsResultResponse } from '@keydeck/contract/scheduled-reports';
import { scheduledReportsApi } from '@keydeck/contract/scheduled-reports.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { namedList } from '../../platform/audit-batch.ts';
import type { AuditInput } from '../../platform/audit-declaration.ts';
import { declared } from '../../platform/endpoint-route.ts';
import { serviceDataRoutes } from '../../platform/service-data-routes.ts';
import * as reports from './scheduled-reports.service.ts';

/** What a call acted on, by the service's name and the reports it was asked for (the first few of a batch). */
function batchTarget({ request }: AuditInput, what: string[]) {
  return `${request.serviceAccess.serviceName}: ${namedList(what, '; ') || 'nothing'}`;
}
/** A report as its audit trail names it: what it lists, when, and where it goes. */
const described = (r: ScheduledReport) =>
  `${r.name} (${REPORT_KIND_LABELS[r.kind]}, ${r.schedule}${r.enabled ? '' : ', disabled'}` +
  `${r.transfer_server ? `, to ${r.transfer_server.protocol}://${r.transfer_server.name}` : ''}${r.recipients.length ? `, mailed to ${r.recipients.join(', ')}` : ''})`;
/** Every report a batch answered for: those saved first, described, then the others by name (its outcome says why). */
function changed(result: ScheduledReportsResultResponse | undefined): string[] {
  const saved = result?.results.flatMap((r) => (r.success && r.report ? [r.report] : [])) ?? [];
  const savedNames = new Set(saved.map((r) => r.name));
  return [...saved.map(described), ...(result?.results.filter((r) => !r.success && !savedNames.has(r.name)).map((r) => r.name) ?? [])];
}

/**
 * Scheduled reports of the current service (spec §7 service/scheduled_reports) and their run history. The Log
 * category governs them, not Device or Key: a report is a record the service sends out about itself, like its logs,
 * and one report may cover either's data. Reading needs Log, changing or running one now Log at Modify; setting up
 * or running a report also needs View on the category of the data it lists (Device for devices, Key for keys and
 * key assignments), so a report never carries more than its author may see. Only where the service offers them.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { view, modify, scopeOf } = serviceDataRoutes('Log', {
    // The report's account is the service's, once the service is known to offer reports.
    scope: async ({ tx, serviceId, actor, access }): Promise<reports.ReportScope> => {
      const { accountId } = await reports.requireOffered(tx, serviceId);
      return { tx, accountId, serviceId, actor, permissions: access.permissions };
    },
  });

  routes.route({
    ...declared(scheduledReportsApi.listScheduledReports),
    config: view,
    handler: async (request) => reports.list(await scopeOf(request)),
  });
  routes.route({
    ...declared(scheduledReportsApi.createScheduledReports),
    config: modify,
    audit: { action: 'scheduled_report.create', target: (input) => batchTarget(input, changed(input.result)) },
    handler: async (request) => reports.create(await scopeOf(request), request.body.reports),
  });
  routes.route({
    ...declared(scheduledReportsApi.updateScheduledReports),
    config: modify,
    audit: { action: 'scheduled_report.update', target: (input) => batchTarget(input, changed(input.result)) },
    handler: async (request) => reports.update(await scopeOf(request), request.body.reports),
  });
  routes.route({
    ...declared(scheduledReportsApi.deleteScheduledReports),
    config: modify,
    audit: {
      action: 'scheduled_report.delete',
      target: (input) => batchTarget(input, input.result?.results.map((r) => r.name) ?? input.body.reports),
    },
    handler: async (request) => reports.remove(await scopeOf(request), request.body.reports),
  });
  routes.route({
    ...declared(scheduledReportsApi.runScheduledReport),
    config: modify,
    audit: {
      action: 'scheduled_report.run',
      target: (input) => batchTarget(input, [input.result ? `${input.result.name} (run ${input.result.run_id})` : input.body.name]),
    },
    handler: async (request, reply) => {
      const queued = await reports.runNow(await scopeOf(request), deps.jobs, request.body.name);
      // The job is visible to workers once the request commits: wake this process's worker then, not at its next poll.
      request.afterCommit.push(async () => deps.jobs.wake(reports.RUN_QUEUE));
      reply.status(202);
      return queued;
    },
  });
  routes.route({
    ...declared(scheduledReportsApi.listScheduledReportRuns),
    config: view,
    handler: async (request) => reports.runs(await scopeOf(request), request.query),
  });
}
