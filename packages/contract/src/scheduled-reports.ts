import { z } from 'zod';
import { DEVICE_CSV_COLUMNS } from './devices.ts';
import type { PermissionCategory } from './permissions.ts';

/**
 * Scheduled reports of a service (spec §1, §7 service/scheduled_reports): a CSV of the service's devices, key
 * inventory or key assignments, built on a daily or weekly schedule (UTC) and delivered to one of the service's
 * transfer servers and/or mailed to up to ten recipients. Each run's outcome is kept in the report's run history.
 * The Log category governs them: View lists reports and their runs, Modify changes them and runs one now.
 */
export const REPORT_KINDS = ['devices', 'keys', 'key_assignments'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  devices: 'Remote devices',
  keys: 'Key inventory',
  key_assignments: 'Key assignments',
};
export const REPORT_KIND_DESCRIPTIONS: Record<ReportKind, string> = {
  devices: 'Every device: serial, group, model, archived, locked, last load, added',
  keys: 'Every symmetric key: name, group, algorithm, usage, state, KCV (never a key value)',
  key_assignments: 'Every key slot of every device group: group, slot, key, its KCV',
};
/**
 * The category whose data a report holds: whoever sets one up (or runs it now) must be able to view that data
 * in the service, so a report never shows someone more than their group already may see.
 */
export const REPORT_KIND_CATEGORY: Record<ReportKind, PermissionCategory> = { devices: 'Device', keys: 'Key', key_assignments: 'Key' };

/** The CSV's columns per kind, in order (devices as the Remote Devices export writes them). */
export const REPORT_COLUMNS: Record<ReportKind, readonly string[]> = {
  devices: DEVICE_CSV_COLUMNS,
  keys: ['name', 'group', 'algorithm', 'usage', 'mode_of_use', 'version', 'state', 'kcv', 'kcv_method', 'created_at', 'rotated_at'],
  key_assignments: ['group', 'key_slot', 'key', 'key_state', 'kcv', 'assigned_at'],
};

export const REPORT_FREQUENCIES = ['daily', 'weekly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export const REPORT_NAME_MAX = 100;
export const REPORT_RECIPIENTS_MAX = 10;
export const REPORT_BATCH_MAX = 20;
/** Runs the history answers at most, newest first. */
export const REPORT_RUNS_MAX = 100;

/** When a report runs: every day, or one day a week, at a time of day in UTC. */
export type ReportSchedule = { frequency: ReportFrequency; weekday: Weekday | null; time: string };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The first time the schedule comes round strictly after `after`. A server that was down over a run's time runs it
 * once when it is back (the scheduler claims reports whose time has passed), then goes on from the next one.
 */
export function nextRunAfter(schedule: ReportSchedule, after: Date): Date {
  const [hours, minutes] = schedule.time.split(':').map(Number) as [number, number];
  const at = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), hours, minutes));
  if (schedule.frequency === 'daily' || schedule.weekday === null) {
    if (at <= after) at.setUTCDate(at.getUTCDate() + 1);
    return at;
  }
  // getUTCDay: Sunday 0 ... Saturday 6; WEEKDAYS starts on Monday.
  const wanted = (WEEKDAYS.indexOf(schedule.weekday) + 1) % 7;
  at.setUTCDate(at.getUTCDate() + ((wanted - at.getUTCDay() + 7) % 7));
  if (at <= after) at.setUTCDate(at.getUTCDate() + 7);
  return at;
}

/** The schedule in words: 'Daily at 06:00 UTC', 'Every Monday at 07:30 UTC'. */
export function describeSchedule(schedule: ReportSchedule): string {
  return schedule.frequency === 'weekly' && schedule.weekday
    ? `Every ${WEEKDAY_LABELS[schedule.weekday]} at ${schedule.time} UTC`
    : `Daily at ${schedule.time} UTC`;
}

const name = z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(REPORT_NAME_MAX, `At most ${REPORT_NAME_MAX} characters`)
  .refine((v) => !/[\r\n]/.test(v), 'A name cannot hold line breaks');
const kind = z.enum(REPORT_KINDS, 'Choose what the report lists');
const frequency = z.enum(REPORT_FREQUENCIES, 'Choose daily or weekly');
const weekday = z.enum(WEEKDAYS, 'Choose a day of the week');
const time = z.string().trim().regex(TIME, 'Enter a time of day as HH:MM (UTC), e.g. 06:00');
const transferServerId = z.string().uuid('Choose one of the service’s transfer servers');
const recipient = z.string().trim().toLowerCase().max(254).pipe(z.email('Enter an email address'));
const recipients = z
  .array(recipient)
  .max(REPORT_RECIPIENTS_MAX, `At most ${REPORT_RECIPIENTS_MAX} recipients`)
  .refine((list) => new Set(list).size === list.length, 'Each recipient once');

type Schedulable = { frequency?: ReportFrequency | undefined; weekday?: Weekday | null | undefined };
type Deliverable = { transfer_server_id?: string | null | undefined; recipients?: string[] | undefined };

/** A weekly report names its day; a daily one none. */
function weekdayRule(value: Schedulable, ctx: z.RefinementCtx) {
  if (value.frequency === 'weekly' && !value.weekday) ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'Choose a day of the week' });
  if (value.frequency === 'daily' && value.weekday) ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'A daily report runs every day: leave the day out' });
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
    /** Time of day, UTC (HH:MM). */
    time,
    /** One of the service's SFTP/SCP or FTP/FTPS servers (service/scp_servers, service/ftp_servers), or none. */
    transfer_server_id: transferServerId.nullable().default(null),
    recipients: recipients.default([]),
    enabled: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    weekdayRule(value, ctx);
    destinationRule(value, ctx);
  });
export type ScheduledReportCreate = z.input<typeof scheduledReportCreate>;
export type ScheduledReportFields = z.output<typeof scheduledReportCreate>;

/**
 * A change to a report named by its current name: only the fields given change (new_name renames it), then the
 * whole report must hold together (a weekly report names its day, a report goes somewhere). `enabled` alone
 * switches it on or off; switching on, or changing the schedule, sets the next run from now.
 */
export const scheduledReportUpdate = z
  .object({
    name,
    new_name: name.optional(),
    kind: kind.optional(),
    frequency: frequency.optional(),
    weekday: weekday.nullable().optional(),
    time: time.optional(),
    transfer_server_id: transferServerId.nullable().optional(),
    recipients: recipients.optional(),
    enabled: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.frequency !== undefined && value.weekday !== undefined) weekdayRule(value, ctx);
    if (value.transfer_server_id !== undefined && value.recipients !== undefined) destinationRule(value, ctx);
  });
export type ScheduledReportUpdate = z.input<typeof scheduledReportUpdate>;
export type ScheduledReportChange = z.output<typeof scheduledReportUpdate>;

export const scheduledReportsCreateBody = z.object({ reports: z.array(scheduledReportCreate).min(1).max(REPORT_BATCH_MAX) });
export const scheduledReportsUpdateBody = z.object({ reports: z.array(scheduledReportUpdate).min(1).max(REPORT_BATCH_MAX) });
/** DELETE: the reports' names; their run history goes with them (each run's outcome stays in the audit log). */
export const scheduledReportsDeleteBody = z.object({ reports: z.array(name).min(1).max(REPORT_BATCH_MAX) });
export const scheduledReportRunBody = z.object({ name });
export const scheduledReportRunsQuery = z.object({
  name,
  limit: z.coerce.number().int().min(1).max(REPORT_RUNS_MAX).default(20),
});

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
  time: z.string(),
  /** The schedule in words (describeSchedule). */
  schedule: z.string(),
  /** The transfer server the file goes to; null when none (or it was deleted). */
  transfer_server: z.object({ id: z.string(), name: z.string(), protocol: z.string() }).nullable(),
  recipients: z.array(z.string()),
  enabled: z.boolean(),
  /** When it runs next (UTC); null while disabled. */
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
export const reportRunsResponse = z.object({ runs: z.array(reportRun) });
