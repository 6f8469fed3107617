import { z } from 'zod';
import { DEVICE_CSV_COLUMNS } from './devices.ts';
import type { PermissionCategory } from './permissions.ts';
import { distinctName } from './names.ts';
import { keysetCursors, keysetQuery } from './paging.ts';
import { cronProblem, isTimeZone, REPORT_FREQUENCIES, WEEKDAYS, type DayOfMonth, type ReportFrequency, type Weekday } from './report-schedule.ts';

/**
 * Scheduled reports of a service (spec §1, §7 service/scheduled_reports): a CSV of the service's devices, key
 * inventory, key assignments, certificates or audit events, built daily, weekly, monthly or on a cron expression in
 * the report's time zone (the spec has no account time zone, so each report names one) and delivered to one of the service's
 * transfer servers and/or mailed to up to ten recipients. Each run's outcome is kept in the report's run history.
 * The Log category governs them: View lists reports and their runs, Modify changes them and runs one now.
 * When a report runs (frequencies, days, time zones, the next run) is report-schedule.ts.
 */
export const REPORT_KINDS = ['devices', 'keys', 'key_assignments', 'certificates', 'audit_events'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  devices: 'Remote devices',
  keys: 'Key inventory',
  key_assignments: 'Key assignments',
  certificates: 'Certificates',
  audit_events: 'Audit events',
};
export const REPORT_KIND_DESCRIPTIONS: Record<ReportKind, string> = {
  devices: 'Every device: serial, group, model, archived, locked, last load, added',
  keys: 'Every symmetric key: name, group, algorithm, usage, state, KCV (never a key value)',
  key_assignments: 'Every key slot of every device group: group, slot, key, its KCV',
  certificates: 'Every certificate the service’s CAs issued: serial, subject, CA, validity, status, revocation',
  audit_events: 'The service’s audit events since the report’s previous run (all of them on its first)',
};
/**
 * The category whose data a report holds: whoever sets one up (or runs it now) must be able to view that data
 * in the service, so a report never shows someone more than their group already may see.
 */
export const REPORT_KIND_CATEGORY: Record<ReportKind, PermissionCategory> = {
  devices: 'Device',
  keys: 'Key',
  key_assignments: 'Key',
  certificates: 'CertManage',
  audit_events: 'Log',
};

/** The CSV's columns per kind, in order (devices as the Remote Devices export writes them). */
export const REPORT_COLUMNS: Record<ReportKind, readonly string[]> = {
  devices: DEVICE_CSV_COLUMNS,
  keys: ['name', 'group', 'algorithm', 'usage', 'mode_of_use', 'version', 'state', 'kcv', 'kcv_method', 'created_at', 'rotated_at'],
  key_assignments: ['group', 'key_slot', 'key', 'key_state', 'kcv', 'assigned_at'],
  certificates: ['serial', 'subject', 'ca', 'not_before', 'not_after', 'status', 'revoked_at', 'revocation_reason'],
  audit_events: ['occurred_at', 'actor', 'action', 'target', 'outcome', 'reason', 'client_address', 'request_id'],
};

export const REPORT_NAME_MAX = 100;
export const REPORT_RECIPIENTS_MAX = 10;
export const REPORT_BATCH_MAX = 20;
/** Runs one page of the history holds at most, newest first. */
export const REPORT_RUNS_MAX = 100;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

const name = distinctName(z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(REPORT_NAME_MAX, `At most ${REPORT_NAME_MAX} characters`)
  .refine((v) => !/[\r\n]/.test(v), 'A name cannot hold line breaks'));
const kind = z.enum(REPORT_KINDS, 'Choose what the report lists');
const frequency = z.enum(REPORT_FREQUENCIES, 'Choose daily, weekly, monthly or a cron expression');
const weekday = z.enum(WEEKDAYS, 'Choose a day of the week');
const DAY_OF_MONTH_HINT = 'Choose a day of the month from 1 to 28, or the last day';
const dayOfMonth = z.union([z.int(DAY_OF_MONTH_HINT).min(1, DAY_OF_MONTH_HINT).max(28, DAY_OF_MONTH_HINT), z.literal('last')], DAY_OF_MONTH_HINT);
const time = z.string().trim().regex(TIME, 'Enter a time of day as HH:MM, e.g. 06:00');
const cron = z
  .string()
  .trim()
  .max(100, 'At most 100 characters')
  .superRefine((value, ctx) => {
    const problem = cronProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value.split(/\s+/).join(' '));
const timeZone = z
  .string()
  .trim()
  .refine(isTimeZone, 'Choose a time zone by its IANA name, e.g. Europe/Berlin or UTC');
const transferServerId = z.string().uuid('Choose one of the service’s transfer servers');
const recipient = z.string().trim().toLowerCase().max(254).pipe(z.email('Enter an email address'));
const recipients = z
  .array(recipient)
  .max(REPORT_RECIPIENTS_MAX, `At most ${REPORT_RECIPIENTS_MAX} recipients`)
  .refine((list) => new Set(list).size === list.length, 'Each recipient once');

type Schedulable = {
  frequency?: ReportFrequency | undefined;
  weekday?: Weekday | null | undefined;
  day_of_month?: DayOfMonth | null | undefined;
  cron?: string | null | undefined;
  time?: string | null | undefined;
};
type Deliverable = { transfer_server_id?: string | null | undefined; recipients?: string[] | undefined };

/** Why a schedule's fields do not hold together (a weekly report names its day, a monthly one its day of the month, a cron one its expression and no time), by field. */
export function scheduleProblems(value: Schedulable): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const { frequency } = value;
  if (frequency === 'weekly' && !value.weekday) problems.push({ path: 'weekday', message: 'Choose a day of the week' });
  if (frequency !== 'weekly' && value.weekday) {
    problems.push({ path: 'weekday', message: frequency === 'daily' ? 'A daily report runs every day: leave the day out' : `A ${frequency} report has no day of the week: leave it out` });
  }
  if (frequency === 'monthly' && value.day_of_month == null) problems.push({ path: 'day_of_month', message: DAY_OF_MONTH_HINT });
  if (frequency !== 'monthly' && value.day_of_month != null) problems.push({ path: 'day_of_month', message: `A ${frequency} report has no day of the month: leave it out` });
  if (frequency === 'cron' && !value.cron) problems.push({ path: 'cron', message: 'Enter a cron expression, e.g. 0 6 * * 1-5' });
  if (frequency !== 'cron' && value.cron) problems.push({ path: 'cron', message: 'Only a cron schedule has a cron expression: leave it out' });
  if (frequency === 'cron' && value.time) problems.push({ path: 'time', message: 'A cron expression says when it runs: leave the time out' });
  if (frequency !== 'cron' && !value.time) problems.push({ path: 'time', message: 'Enter a time of day as HH:MM, e.g. 06:00' });
  return problems;
}
function scheduleRule(value: Schedulable, ctx: z.RefinementCtx) {
  for (const { path, message } of scheduleProblems(value)) ctx.addIssue({ code: 'custom', path: [path], message });
}
/** A report goes somewhere: a transfer server, a recipient, or both. */
function destinationRule(value: Deliverable, ctx: z.RefinementCtx) {
  if (!value.transfer_server_id && (value.recipients ?? []).length === 0) {
    ctx.addIssue({ code: 'custom', path: ['recipients'], message: 'Choose a transfer server or enter at least one recipient' });
  }
}

/** A new report; it runs on its schedule unless created disabled. */
export const scheduledReportCreate = z
  .object({
    name,
    kind,
    frequency,
    /** Weekly only. */
    weekday: weekday.nullable().default(null),
    /** Monthly only: 1 to 28, or 'last'. */
    day_of_month: dayOfMonth.nullable().default(null),
    /** Cron only: minute hour day-of-month month day-of-week. */
    cron: cron.nullable().default(null),
    /** Time of day in the time zone (HH:MM); none for a cron schedule. */
    time: time.nullable().default(null),
    /** The IANA time zone the schedule keeps (with its DST changes); UTC unless given. */
    time_zone: timeZone.default('UTC'),
    /** One of the service's SFTP/SCP or FTP/FTPS servers (service/scp_servers, service/ftp_servers), or none. */
    transfer_server_id: transferServerId.nullable().default(null),
    recipients: recipients.default([]),
    enabled: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    scheduleRule(value, ctx);
    destinationRule(value, ctx);
  });
export type ScheduledReportCreate = z.input<typeof scheduledReportCreate>;
export type ScheduledReportFields = z.output<typeof scheduledReportCreate>;

/**
 * A change to a report named by its current name: only the fields given change (new_name renames it), then the
 * whole report must hold together (its schedule's fields, a report goes somewhere: checked once merged). `enabled` alone
 * switches it on or off; switching on, or changing the schedule, sets the next run from now.
 */
export const scheduledReportUpdate = z
  .object({
    name,
    new_name: name.optional(),
    kind: kind.optional(),
    frequency: frequency.optional(),
    weekday: weekday.nullable().optional(),
    day_of_month: dayOfMonth.nullable().optional(),
    cron: cron.nullable().optional(),
    time: time.nullable().optional(),
    time_zone: timeZone.optional(),
    transfer_server_id: transferServerId.nullable().optional(),
    recipients: recipients.optional(),
    enabled: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    // A new frequency and the fields given with it must hold together; fields left out are checked once merged.
    if (value.frequency !== undefined) {
      for (const { path, message } of scheduleProblems(value)) {
        if (value[path as keyof Schedulable] !== undefined) ctx.addIssue({ code: 'custom', path: [path], message });
      }
    }
    if (value.transfer_server_id !== undefined && value.recipients !== undefined) destinationRule(value, ctx);
  });
export type ScheduledReportUpdate = z.input<typeof scheduledReportUpdate>;
export type ScheduledReportChange = z.output<typeof scheduledReportUpdate>;

export const scheduledReportsCreateBody = z.object({ reports: z.array(scheduledReportCreate).min(1).max(REPORT_BATCH_MAX) });
export const scheduledReportsUpdateBody = z.object({ reports: z.array(scheduledReportUpdate).min(1).max(REPORT_BATCH_MAX) });
/** DELETE: the reports' names; their run history goes with them (each run's outcome stays in the audit log). */
export const scheduledReportsDeleteBody = z.object({ reports: z.array(name).min(1).max(REPORT_BATCH_MAX) });
export const scheduledReportRunBody = z.object({ name });
/**
 * A page of a report's runs, newest first: `limit` runs, then the older ones after its next_cursor (a run every
 * few minutes makes a hundred thousand a year, so the history pages by keyset and is not counted).
 */
export const scheduledReportRunsQuery = z.object({
  name,
  limit: z.coerce.number().int().min(1).max(REPORT_RUNS_MAX).default(20),
  ...keysetQuery,
});
export type ScheduledReportRunsQuery = z.output<typeof scheduledReportRunsQuery>;

export const REPORT_RUN_STATUSES = ['success', 'partial', 'failed'] as const;
export type ReportRunStatus = (typeof REPORT_RUN_STATUSES)[number];
export const REPORT_RUN_STATUS_LABELS: Record<ReportRunStatus, string> = { success: 'Delivered', partial: 'Partly delivered', failed: 'Failed' };
export const REPORT_TRIGGERS = ['schedule', 'operator'] as const;
export type ReportTrigger = (typeof REPORT_TRIGGERS)[number];

/** Where one run's file went, and what happened there, in words fit for the screen. */
export const reportRunOutcome = z.object({
  /** transfer: the transfer server; mail: the recipients, in one message. */
  destination: z.enum(['transfer', 'mail']),
  /** The transfer server's name, or the recipients. */
  target: z.string(),
  success: z.boolean(),
  message: z.string(),
});
export type ReportRunOutcome = z.infer<typeof reportRunOutcome>;

export const reportRun = z.object({
  id: z.string(),
  report: z.string(),
  kind: z.enum(REPORT_KINDS),
  trigger: z.enum(REPORT_TRIGGERS),
  /** Who ran it now; null for a scheduled run. */
  triggered_by: z.string().nullable(),
  /** A scheduled run: the time it was due. */
  scheduled_for: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string(),
  status: z.enum(REPORT_RUN_STATUSES),
  /** Data rows in the file (the header line not counted); null when the report could not be built. */
  rows: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  file_name: z.string().nullable(),
  /** One a destination; empty when the report could not be built or went nowhere. */
  outcomes: z.array(reportRunOutcome),
  /** Why the run failed before any delivery, else null. */
  error: z.string().nullable(),
});
export type ReportRun = z.infer<typeof reportRun>;

export const scheduledReport = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(REPORT_KINDS),
  frequency: z.enum(REPORT_FREQUENCIES),
  weekday: z.enum(WEEKDAYS).nullable(),
  day_of_month: z.union([z.number().int(), z.literal('last')]).nullable(),
  cron: z.string().nullable(),
  /** Null for a cron schedule. */
  time: z.string().nullable(),
  time_zone: z.string(),
  /** The schedule in words (describeSchedule). */
  schedule: z.string(),
  /** The transfer server the file goes to; null when none (or it was deleted). */
  transfer_server: z.object({ id: z.string(), name: z.string(), protocol: z.string() }).nullable(),
  recipients: z.array(z.string()),
  enabled: z.boolean(),
  /** When it runs next (an instant, ISO UTC); null while disabled. */
  next_run_at: z.string().nullable(),
  last_run: reportRun.nullable(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ScheduledReport = z.infer<typeof scheduledReport>;
export const scheduledReportsResponse = z.object({ reports: z.array(scheduledReport) });

/** One row of a batch, in the spec's words (§8); a created or changed report comes back with its row. */
export const scheduledReportResult = z.object({ name: z.string(), success: z.boolean(), message: z.string(), report: scheduledReport.optional() });
export type ScheduledReportResult = z.infer<typeof scheduledReportResult>;
export const scheduledReportsResultResponse = z.object({ results: z.array(scheduledReportResult) });
export type ScheduledReportsResultResponse = z.infer<typeof scheduledReportsResultResponse>;

/** POST …/run answers 202 at once: the run is queued, and its outcome appears in the run history under run_id. */
export const scheduledReportRunResponse = z.object({ run_id: z.string(), name: z.string(), message: z.string() });
export type ScheduledReportRunResponse = z.infer<typeof scheduledReportRunResponse>;
/** next_cursor: the page of older runs; prev_cursor: of newer ones (null where there are none). */
export const reportRunsResponse = z.object({ runs: z.array(reportRun), ...keysetCursors });
export type ReportRunsResponse = z.infer<typeof reportRunsResponse>;
