import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Messages } from '@keydeck/contract/messages';
import { describeSchedule, nextRunAfter } from '@keydeck/contract/report-schedule';
import { REPORT_KIND_LABELS, type ReportRunOutcome, type ReportRunStatus } from '@keydeck/contract/scheduled-reports';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import { writeSystemAuditEvent } from '../../platform/audit.ts';
import type { QueuePolicy } from '../../platform/job-queue.ts';
import { SYSTEM_SCOPE, accountScope, inScope } from '../../platform/tenant-scope.ts';
import { DELIVERY_TIMEOUTS, deliverFile, TransferError, type Timeouts } from '../transfer/transfer-delivery.service.ts';
import { buildReport } from './report-csv.ts';
import * as repo from './scheduled-reports.repository.ts';
import { reportsOffered, RUN_QUEUE, serviceName, type RunJob } from './scheduled-reports.service.ts';

/** What running reports needs: the database, the job queue, the egress policy and secrets for transfers, the mailer, the audit key. */
export type ReportDeps = Pick<AppDeps, 'db' | 'jobs' | 'egress' | 'secretBox' | 'mailer' | 'auditKey'>;

export type ReportSchedulerOptions = {
  /** How often each server process looks for due reports. */
  intervalMs: number;
  /** Reports claimed per transaction, and transactions per look at most: one look stays bounded. */
  batchSize: number;
  batchesPerTick: number;
  /** A transfer's connect and total time limits. */
  transferTimeouts: Timeouts;
};

export const DEFAULT_SCHEDULER_OPTIONS: ReportSchedulerOptions = { intervalMs: 60_000, batchSize: 50, batchesPerTick: 10, transferTimeouts: DELIVERY_TIMEOUTS };

/** Mail servers commonly refuse messages over 10 to 25 MB; a larger report goes to a transfer server only. */
export const MAIL_ATTACHMENT_MAX_MB = 10;

/**
 * A run that failed for want of the database (it could not be recorded) is retried with back-off; a delivery that
 * failed is recorded as the run's outcome and not retried (a retry would deliver again where it did arrive).
 */
const RUN_POLICY: QueuePolicy = { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 900 };

/**
 * Claims the reports whose next run has come and queues one run of each, in one transaction: the claim (next_run_at
 * moved on from the value read, the row locked and skipped by any other process claiming at once) and the queued job
 * commit together, so each due time is queued exactly once however many server processes look. A report whose runs
 * were missed while no server ran runs once, then goes on from its next time. Answers how many runs were queued.
 */
export async function queueDueReports(db: Db, jobs: ReportDeps['jobs'], limit: number): Promise<{ seen: number; queued: number }> {
  return inScope(db, SYSTEM_SCOPE, async (tx) => {
    const due = await repo.lockDue(tx, limit);
    let queued = 0;
    for (const report of due) {
      const dueAt = new Date(report.next_run_at);
      const next = nextRunAfter(report, new Date(Math.max(new Date(report.now).getTime(), dueAt.getTime())));
      if (!(await repo.claim(tx, report.id, report.due, next))) continue;
      const job: RunJob = {
        runId: randomUUID(),
        reportId: report.id,
        accountId: report.account_id,
        serviceId: report.service_id,
        trigger: 'schedule',
        triggeredBy: null,
        scheduledFor: dueAt.toISOString(),
      };
      await jobs.send(tx, RUN_QUEUE, job);
      queued++;
    }
    return { seen: due.length, queued };
  });
}

/** The file a run delivers: the report's name made safe for any file system, and when it ran (UTC). */
export function reportFileName(reportName: string, at: Date): string {
  const base = reportName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'report';
  return `${base}-${at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.csv`;
}

/** The SMTP server's own reply to a refused message (e.g. '550 5.1.1 mailbox unavailable'); never a connection's details. */
function mailFailure(error: unknown): string {
  const reply = (error as { responseCode?: number; response?: string }).responseCode ? (error as { response?: string }).response : undefined;
  return reply ? reply.slice(0, 200) : 'the mail server could not be reached or did not accept the message';
}

/**
 * Runs one queued run: builds the CSV in the service's tenant scope, delivers it to the transfer server (through
 * deliverFile: egress policy, pinned host key) and mails it to the recipients, then records the run and audits its
 * outcome as a system event. Idempotent: a run already recorded, or whose report is gone, does nothing; a scheduled
 * run of a report switched off meanwhile does not run.
 */
export async function runReport(deps: ReportDeps, job: RunJob, jobId: string, options: Pick<ReportSchedulerOptions, 'transferTimeouts'>, log: FastifyBaseLogger): Promise<void> {
  const tenant = accountScope(job.accountId);
  const startedAt = new Date();
  type Prepared = { report: repo.ReportRow; service: string; csv: string | null; rows: number | null; error: string | null };
  const prepared = await inScope(deps.db, tenant, async (tx): Promise<Prepared | null> => {
    if (await repo.runExists(tx, job.runId)) return null;
    const report = await repo.findById(tx, job.serviceId, job.reportId);
    if (!report || (job.trigger === 'schedule' && !report.enabled)) return null;
    const service = await serviceName(tx, job.serviceId);
    if (!(await reportsOffered(tx, job.serviceId))) return { report, service, csv: null, rows: null, error: Messages.scheduledReportsOff };
    return { report, service, csv: null, rows: null, error: null };
  });
  if (!prepared) return;
  const { report, service } = prepared;
  if (prepared.error === null) {
    try {
      const built = await inScope(deps.db, tenant, async (tx) =>
        buildReport(tx, job.accountId, job.serviceId, report.kind, report.kind === 'audit_events' ? await repo.previousRunStart(tx, report.id) : null),
      );
      prepared.csv = built.csv;
      prepared.rows = built.rows;
    } catch (err) {
      log.error({ err, report: report.id, run: job.runId }, 'scheduled report could not be built');
      prepared.error = Messages.reportRunBuildFailed;
    }
  }

  const fileName = reportFileName(report.name, job.scheduledFor ? new Date(job.scheduledFor) : startedAt);
  const outcomes: ReportRunOutcome[] = [];
  let error = prepared.error;
  const csv = prepared.csv;
  if (csv !== null) {
    const deliveries: Promise<ReportRunOutcome>[] = [];
    if (report.transfer_server_id) {
      const target = report.server_name ?? report.transfer_server_id;
      deliveries.push(
        deliverFile(deps, { accountId: job.accountId, serviceId: job.serviceId, serverId: report.transfer_server_id }, fileName, csv, options.transferTimeouts).then(
          (delivered) => ({ destination: 'transfer' as const, target, success: true, message: delivered.message }),
          (err: unknown) => {
            if (!(err instanceof TransferError)) log.error({ err, report: report.id, run: job.runId }, 'scheduled report transfer failed');
            return { destination: 'transfer' as const, target, success: false, message: err instanceof TransferError ? err.message : Messages.transferFailed(target, 'unexpected error') };
          },
        ),
      );
    }
    if (report.recipients.length > 0 && Buffer.byteLength(csv) > MAIL_ATTACHMENT_MAX_MB * 1024 * 1024) {
      const megabytes = Math.ceil(Buffer.byteLength(csv) / (1024 * 1024));
      deliveries.push(Promise.resolve({ destination: 'mail' as const, target: report.recipients.join(', '), success: false, message: Messages.reportMailTooLarge(megabytes, MAIL_ATTACHMENT_MAX_MB) }));
    } else if (report.recipients.length > 0) {
      const target = report.recipients.join(', ');
      const kind = REPORT_KIND_LABELS[report.kind];
      deliveries.push(
        deps.mailer
          .send({
            to: report.recipients,
            subject: `${report.name}: ${kind} of ${service}`,
            text: [
              `The scheduled report ${report.name} of the service ${service} is attached as ${fileName}: ${kind.toLowerCase()}, ${prepared.rows} row${prepared.rows === 1 ? '' : 's'} (CSV).`,
              '',
              `${describeSchedule(report)}. This run was ${job.trigger === 'operator' ? `started by ${job.triggeredBy}` : 'scheduled'} at ${startedAt.toISOString()}.`,
              'Operators of the service with the Log permission change or stop this report under Scheduled Reports in the service workspace.',
            ].join('\n'),
            attachments: [{ filename: fileName, content: csv, contentType: 'text/csv; charset=utf-8' }],
          })
          .then(
            ({ file, rejected }) => {
              if (file) log.info({ file, report: report.id }, 'scheduled report mail written to the outbox');
              const accepted = report.recipients.filter((r) => !rejected.includes(r));
              return rejected.length === 0
                ? { destination: 'mail' as const, target, success: true, message: file ? Messages.reportMailOutbox(fileName, target) : Messages.reportMailed(fileName, target) }
                : { destination: 'mail' as const, target, success: false, message: `${Messages.reportMailed(fileName, accepted.join(', '))} ${Messages.reportMailRefused(rejected.join(', '))}` };
            },
            (err: unknown) => {
              log.warn({ err, report: report.id, run: job.runId }, 'scheduled report mail failed');
              return { destination: 'mail' as const, target, success: false, message: Messages.reportMailFailed(target, mailFailure(err)) };
            },
          ),
      );
    }
    outcomes.push(...(await Promise.all(deliveries)));
    if (outcomes.length === 0) error = Messages.reportRunNoDestination;
  }

  const delivered = outcomes.filter((o) => o.success).length;
  const status: ReportRunStatus = error !== null || delivered === 0 ? 'failed' : delivered === outcomes.length ? 'success' : 'partial';
  const finishedAt = new Date();
  await inScope(deps.db, tenant, async (tx) => {
    const recorded = await repo.insertRun(tx, {
      id: job.runId,
      account_id: job.accountId,
      service_id: job.serviceId,
      report_id: report.id,
      report_name: report.name,
      kind: report.kind,
      trigger: job.trigger,
      triggered_by: job.triggeredBy,
      scheduled_for: job.scheduledFor ? new Date(job.scheduledFor) : null,
      started_at: startedAt,
      finished_at: finishedAt,
      status,
      rows: prepared.rows,
      bytes: csv === null ? null : Buffer.byteLength(csv),
      file_name: csv === null ? null : fileName,
      outcomes,
      error,
    });
    if (!recorded) return;
    const where = outcomes.map((o) => `${o.destination === 'transfer' ? `transfer server ${o.target}` : `mail to ${o.target}`} ${o.success ? 'delivered' : 'failed'}`);
    await writeSystemAuditEvent(tx, deps.auditKey, {
      accountId: job.accountId,
      action: 'scheduled_report.delivered',
      target: `${service}: ${report.name} (${REPORT_KIND_LABELS[report.kind]}${prepared.rows === null ? '' : `, ${prepared.rows} rows`}, ${job.trigger === 'operator' ? `run now by ${job.triggeredBy}` : 'scheduled'}, run ${job.runId})${where.length ? `: ${where.join(', ')}` : ''}`,
      jobId,
      outcome: status === 'success' ? 'success' : 'failure',
      reason: status === 'success' ? null : (error ?? outcomes.filter((o) => !o.success).map((o) => o.message).join(' | ')).slice(0, 1000),
    });
  });
  log.info({ report: report.id, run: job.runId, status, rows: prepared.rows }, 'scheduled report ran');
}

export type ReportScheduler = { stop(): Promise<void>; /** Looks for due reports now (tests). */ tick(): Promise<void> };

/**
 * Every server process works the run queue (each run is fetched by one of them) and looks for due reports every
 * intervalMs; stop() ends the looking and waits for a look under way.
 */
export async function startScheduledReports(deps: ReportDeps, log: FastifyBaseLogger, overrides: Partial<ReportSchedulerOptions> = {}): Promise<ReportScheduler> {
  const options = { ...DEFAULT_SCHEDULER_OPTIONS, ...overrides };
  await deps.jobs.work<RunJob>(RUN_QUEUE, RUN_POLICY, (data, jobId) => runReport(deps, data, jobId, options, log));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function look(): Promise<void> {
    try {
      let queued = 0;
      for (let i = 0; i < options.batchesPerTick && !stopped; i++) {
        const batch = await queueDueReports(deps.db, deps.jobs, options.batchSize);
        queued += batch.queued;
        if (batch.seen < options.batchSize) break;
      }
      if (queued > 0) deps.jobs.wake(RUN_QUEUE);
    } catch (err) {
      log.error({ err }, 'looking for due scheduled reports failed; will look again');
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = look().finally(schedule);
    }, options.intervalMs);
    timer.unref();
  }

  schedule();
  return {
    async tick() {
      await running;
      running = look();
      await running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
