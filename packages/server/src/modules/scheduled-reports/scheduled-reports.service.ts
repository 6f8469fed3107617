import { randomUUID } from 'node:crypto';
import { isFeatureOn } from '@keydeck/contract/features';
import { Messages } from '@keydeck/contract/messages';
import { describeSchedule, nextRunAfter } from '@keydeck/contract/report-schedule';
import {
  REPORT_KIND_CATEGORY,
  REPORT_KIND_LABELS,
  scheduleProblems,
  type ReportKind,
  type ReportRun,
  type ReportRunsResponse,
  type ScheduledReport,
  type ScheduledReportChange,
  type ScheduledReportFields,
  type ScheduledReportResult,
  type ScheduledReportRunResponse,
  type ScheduledReportRunsQuery,
} from '@keydeck/contract/scheduled-reports';
import { serviceTypeFeatures } from '@keydeck/contract/service-features';
import { allowsServiceAccess, type ServicePermissions } from '@keydeck/contract/services';
import type { Tx } from '../../db/database.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/job-queue.ts';
import { listFeatures } from '../features/features.service.ts';
import * as repo from './scheduled-reports.repository.ts';
import { iso } from '../../db/raw-sql.ts';

/** What a scheduled-report call works with: its transaction, the service session's account and service, who acts. */
export type ReportScope = { tx: Tx; accountId: string; serviceId: string; actor: string; permissions: ServicePermissions };

export const RUN_QUEUE = 'scheduled-report-run';

/** One run of a report, as queued: its id is the run's id in the history once it ended. */
export type RunJob = {
  runId: string;
  reportId: string;
  accountId: string;
  serviceId: string;
  trigger: 'schedule' | 'operator';
  triggeredBy: string | null;
  /** A scheduled run: the due time it was claimed for (ISO). */
  scheduledFor: string | null;
};


/**
 * Whether the service offers scheduled reports to its account: its type offers them and the platform switched the
 * account's scheduled_reports flag on (GET service/features says the same).
 */
export async function reportsOffered(tx: Tx, serviceId: string): Promise<boolean> {
  const service = await repo.serviceOf(tx, serviceId);
  return service !== undefined && (await offeredTo(tx, service));
}

async function offeredTo(tx: Tx, service: { type: string; account_id: string }): Promise<boolean> {
  if (!serviceTypeFeatures(service.type).includes('scheduled_reports')) return false;
  return isFeatureOn(await listFeatures(tx, service.account_id), 'scheduled_reports');
}

/**
 * The account whose service the call acts on (its reports and runs belong to it, whoever calls), once the service
 * is known to offer scheduled reports; 403 where it does not.
 */
export async function requireOffered(tx: Tx, serviceId: string): Promise<{ accountId: string }> {
  const service = await repo.serviceOf(tx, serviceId);
  if (!service || !(await offeredTo(tx, service))) throw forbidden('feature_off:scheduled_reports', Messages.scheduledReportsOff);
  return { accountId: service.account_id };
}

/** Why the caller may not set up (or run) a report of this kind: its data is in a category their group cannot view. */
function kindRefusal(permissions: ServicePermissions, kind: ReportKind): string | null {
  const category = REPORT_KIND_CATEGORY[kind];
  return allowsServiceAccess(permissions, category, 'View') ? null : Messages.scheduledReportKindRefused(REPORT_KIND_LABELS[kind].toLowerCase(), category);
}

/** The first way a merged schedule does not hold together, in the batch message's lower-case style. */
function scheduleRefusal(schedule: repo.ReportColumns): string | null {
  const problem = scheduleProblems(schedule)[0]?.message;
  return problem ? `${problem.charAt(0).toLowerCase()}${problem.slice(1)}.` : null;
}

export async function list(scope: ReportScope): Promise<{ reports: ScheduledReport[] }> {
  const [rows, last] = await Promise.all([repo.list(scope.tx, scope.serviceId), repo.lastRuns(scope.tx, scope.serviceId)]);
  return { reports: rows.map((row) => toWire(row, last.get(row.id) ?? null)) };
}

/** Adds reports, each on its own: a taken name, a kind the caller may not see or an unknown server fails its row. */
export async function create(scope: ReportScope, reports: ScheduledReportFields[]): Promise<{ results: ScheduledReportResult[] }> {
  const existing = await repo.findByNames(scope.tx, scope.serviceId, reports.map((r) => r.name));
  const taken = new Set(existing.keys());
  const results: ScheduledReportResult[] = [];
  for (const fields of reports) {
    const refusal =
      (taken.has(fields.name.toLowerCase()) ? Messages.scheduledReportExists(fields.name) : null) ??
      kindRefusal(scope.permissions, fields.kind) ??
      (fields.transfer_server_id && !(await repo.transferServer(scope.tx, scope.serviceId, fields.transfer_server_id)) ? Messages.scheduledReportServerUnknown : null);
    if (refusal) {
      results.push({ name: fields.name, success: false, message: Messages.scheduledReportAddFailed(fields.name, refusal) });
      continue;
    }
    const id = await repo.insert(scope.tx, {
      ...fields,
      next_run_at: fields.enabled ? nextRunAfter(fields, new Date()) : null,
      accountId: scope.accountId,
      serviceId: scope.serviceId,
      createdBy: scope.actor,
    });
    taken.add(fields.name.toLowerCase());
    results.push({ name: fields.name, success: true, message: Messages.scheduledReportAdded(fields.name), report: await wire(scope, id) });
  }
  return { results };
}

/**
 * Changes reports named by their current name, each on its own: the fields given replace the report's, and the
 * result must hold together. Switching a report on, or changing when it runs, sets its next run from now;
 * switching it off clears it.
 */
export async function update(scope: ReportScope, changes: ScheduledReportChange[]): Promise<{ results: ScheduledReportResult[] }> {
  const byName = await repo.findByNames(scope.tx, scope.serviceId, changes.flatMap((c) => [c.name, ...(c.new_name ? [c.new_name] : [])]));
  const results: ScheduledReportResult[] = [];
  for (const change of changes) {
    const current = byName.get(change.name.toLowerCase());
    const label = current?.name ?? change.name;
    const fail = (why: string) => results.push({ name: label, success: false, message: Messages.scheduledReportChangeFailed(label, why) });
    if (!current) {
      fail(Messages.scheduledReportUnknown(change.name));
      continue;
    }
    const name = change.new_name ?? current.name;
    const clash = byName.get(name.toLowerCase());
    if (clash && clash.id !== current.id) {
      fail(Messages.scheduledReportExists(name));
      continue;
    }
    const frequency = change.frequency ?? current.frequency;
    const next: repo.ReportColumns = {
      name,
      kind: change.kind ?? current.kind,
      frequency,
      // A daily report has no day; a weekly one keeps its day unless a new one is given.
      // Each schedule field belongs to one frequency: a report that changes frequency drops the old one's field.
      weekday: frequency !== 'weekly' ? null : change.weekday !== undefined ? change.weekday : current.weekday,
      day_of_month: frequency !== 'monthly' ? null : change.day_of_month !== undefined ? change.day_of_month : current.day_of_month,
      cron: frequency !== 'cron' ? null : change.cron !== undefined ? change.cron : current.cron,
      time: frequency === 'cron' ? null : change.time !== undefined ? change.time : current.time,
      time_zone: change.time_zone ?? current.time_zone,
      transfer_server_id: change.transfer_server_id !== undefined ? change.transfer_server_id : current.transfer_server_id,
      recipients: change.recipients ?? current.recipients,
      enabled: change.enabled ?? current.enabled,
      next_run_at: current.next_run_at,
    };
    const refusal =
      kindRefusal(scope.permissions, next.kind) ??
      (next.frequency === 'weekly' && !next.weekday ? Messages.scheduledReportWeekdayMissing : null) ??
      scheduleRefusal(next) ??
      (!next.transfer_server_id && next.recipients.length === 0 ? Messages.scheduledReportNoDestination : null) ??
      (next.transfer_server_id && next.transfer_server_id !== current.transfer_server_id && !(await repo.transferServer(scope.tx, scope.serviceId, next.transfer_server_id))
        ? Messages.scheduledReportServerUnknown
        : null);
    if (refusal) {
      fail(refusal);
      continue;
    }
    const rescheduled = (['frequency', 'weekday', 'day_of_month', 'cron', 'time', 'time_zone'] as const).some((field) => next[field] !== current[field]);
    if (!next.enabled) next.next_run_at = null;
    else if (!current.enabled || rescheduled || current.next_run_at === null) next.next_run_at = nextRunAfter(next, new Date());
    await repo.update(scope.tx, current.id, next);
    byName.delete(current.name.toLowerCase());
    const updated = (await repo.findById(scope.tx, scope.serviceId, current.id))!;
    byName.set(updated.name.toLowerCase(), updated);
    const onlySwitched = Object.entries(change).every(([key, value]) => key === 'name' || key === 'enabled' || value === undefined);
    results.push({
      name: updated.name,
      success: true,
      message: onlySwitched && change.enabled !== undefined ? Messages.scheduledReportSwitched(updated.name, updated.enabled) : Messages.scheduledReportChanged(updated.name),
      report: await wire(scope, updated.id),
    });
  }
  return { results };
}

/** Deletes reports by name, each on its own, with their run history (every run's outcome stays in the audit log). */
export async function remove(scope: ReportScope, names: string[]): Promise<{ results: ScheduledReportResult[] }> {
  const found = await repo.findByNames(scope.tx, scope.serviceId, names);
  const results: ScheduledReportResult[] = [];
  for (const name of [...new Set(names)]) {
    const row = found.get(name.toLowerCase());
    if (!row) {
      results.push({ name, success: false, message: Messages.deleteFailed(name, Messages.scheduledReportUnknown(name)) });
      continue;
    }
    await repo.remove(scope.tx, row.id);
    found.delete(name.toLowerCase());
    results.push({ name: row.name, success: true, message: Messages.deleted(row.name) });
  }
  return { results };
}

/** A report by name, or 404. */
async function named(scope: ReportScope, name: string): Promise<repo.ReportRow> {
  const row = (await repo.findByNames(scope.tx, scope.serviceId, [name])).get(name.toLowerCase());
  if (!row) throw notFound(Messages.scheduledReportUnknown(name));
  return row;
}

/**
 * Queues a run of the report now, in the request's transaction (it is queued only if the request commits). The
 * caller must be able to view the report's data, as when setting one up.
 */
export async function runNow(scope: ReportScope, jobs: JobQueue, name: string): Promise<ScheduledReportRunResponse> {
  const report = await named(scope, name);
  const refusal = kindRefusal(scope.permissions, report.kind);
  if (refusal) throw forbidden(`missing_service_permission:${REPORT_KIND_CATEGORY[report.kind]}:View`, refusal.charAt(0).toUpperCase() + refusal.slice(1));
  const runId = randomUUID();
  const job: RunJob = { runId, reportId: report.id, accountId: scope.accountId, serviceId: scope.serviceId, trigger: 'operator', triggeredBy: scope.actor, scheduledFor: null };
  await jobs.send(scope.tx, RUN_QUEUE, job);
  return { run_id: runId, name: report.name, message: Messages.scheduledReportQueued(report.name) };
}

/** A page of a report's runs, newest first, and the cursors of the older and newer pages. */
export async function runs(scope: ReportScope, query: ScheduledReportRunsQuery): Promise<ReportRunsResponse> {
  const report = await named(scope, query.name);
  const { limit, after, before, last } = query;
  const page = await repo.runsPage(scope.tx, report.id, { page_size: limit, after, before, last });
  return { runs: page.rows.map(runToWire), next_cursor: page.next_cursor, prev_cursor: page.prev_cursor };
}

async function wire(scope: ReportScope, id: string): Promise<ScheduledReport> {
  const row = (await repo.findById(scope.tx, scope.serviceId, id))!;
  const last = await repo.lastRun(scope.tx, id);
  return toWire(row, last ?? null);
}

export function runToWire(run: repo.RunRow): ReportRun {
  return {
    id: run.id,
    report: run.report_name,
    kind: run.kind,
    trigger: run.trigger,
    triggered_by: run.triggered_by,
    scheduled_for: iso(run.scheduled_for),
    started_at: iso(run.started_at)!,
    finished_at: iso(run.finished_at)!,
    status: run.status,
    rows: run.rows,
    bytes: run.bytes,
    file_name: run.file_name,
    outcomes: run.outcomes,
    error: run.error,
  };
}

function toWire(row: repo.ReportRow, last: repo.RunRow | null): ScheduledReport {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    frequency: row.frequency,
    weekday: row.weekday,
    day_of_month: row.day_of_month,
    cron: row.cron,
    time: row.time,
    time_zone: row.time_zone,
    schedule: describeSchedule(row),
    transfer_server: row.transfer_server_id && row.server_name ? { id: row.transfer_server_id, name: row.server_name, protocol: row.server_protocol! } : null,
    recipients: row.recipients,
    enabled: row.enabled,
    next_run_at: iso(row.next_run_at),
    last_run: last ? runToWire(last) : null,
    created_by: row.created_by,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

/** The service's name, for audit targets and mails. */
export async function serviceName(tx: Tx, serviceId: string): Promise<string> {
  return (await repo.serviceOf(tx, serviceId))?.name ?? serviceId;
}
