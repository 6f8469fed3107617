import type { DayOfMonth, ReportFrequency, Weekday } from '@keydeck/contract/report-schedule';
import type { ReportKind, ReportRunOutcome, ReportRunStatus, ReportTrigger } from '@keydeck/contract/scheduled-reports';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf, textArray } from '../../db/raw-sql.ts';
import { keysetWindow, type KeysetRequest, type WindowedPage } from '../../platform/keyset.ts';

export type ReportRow = {
  id: string;
  account_id: string;
  service_id: string;
  name: string;
  kind: ReportKind;
  frequency: ReportFrequency;
  weekday: Weekday | null;
  day_of_month: DayOfMonth | null;
  cron: string | null;
  time: string | null;
  time_zone: string;
  transfer_server_id: string | null;
  recipients: string[];
  enabled: boolean;
  next_run_at: Date | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  /** The transfer server's name and protocol, joined. */
  server_name: string | null;
  server_protocol: string | null;
};

/** What a report is made of, as inserted or updated. */
export type ReportColumns = Pick<ReportRow, 'name' | 'kind' | 'frequency' | 'weekday' | 'day_of_month' | 'cron' | 'time' | 'time_zone' | 'transfer_server_id' | 'recipients' | 'enabled' | 'next_run_at'>;

export type RunRow = {
  id: string;
  report_id: string;
  report_name: string;
  kind: ReportKind;
  trigger: ReportTrigger;
  triggered_by: string | null;
  scheduled_for: Date | null;
  started_at: Date;
  finished_at: Date;
  status: ReportRunStatus;
  rows: number | null;
  bytes: number | null;
  file_name: string | null;
  outcomes: ReportRunOutcome[];
  error: string | null;
};

/**
 * A timestamp parameter: both drivers take ISO text cast to timestamptz alike. A value read back may be a Date or
 * (drizzle's PGlite driver leaves timestamps as text) a string.
 */
const at = (date: Date | string | null) => sql`${date === null ? null : new Date(date).toISOString()}::timestamptz`;

/** A monthly day as the wire has it: 'last' or a number (stored as text). */
const DAY_OF_MONTH = sql`case when r.day_of_month = 'last' then to_jsonb(r.day_of_month) else to_jsonb(r.day_of_month::int) end`;
const dayText = (day: DayOfMonth | null) => (day === null ? null : String(day));

const SELECT_REPORT = sql`select r.id, r.account_id, r.service_id, r.name, r.kind, r.frequency, r.weekday, ${DAY_OF_MONTH} as day_of_month, r.cron, r.time,
    r.time_zone, r.transfer_server_id,
    r.recipients, r.enabled, r.next_run_at, r.created_by, r.created_at, r.updated_at, ts.name as server_name, ts.protocol as server_protocol
  from scheduled_reports r left join transfer_servers ts on ts.id = r.transfer_server_id`;

const RUN_COLUMNS = sql`id, report_id, report_name, kind, trigger, triggered_by, scheduled_for, started_at, finished_at, status, rows, bytes, file_name, outcomes, error`;

/** The service's reports, by name. */
export function list(tx: Tx, serviceId: string): Promise<ReportRow[]> {
  return rowsOf<ReportRow>(tx, sql`${SELECT_REPORT} where r.service_id = ${serviceId} order by lower(r.name)`);
}

/** Reports of the service by lower-cased name. */
export async function findByNames(tx: Tx, serviceId: string, names: string[]): Promise<Map<string, ReportRow>> {
  const rows = await rowsOf<ReportRow>(
    tx,
    sql`${SELECT_REPORT} where r.service_id = ${serviceId} and lower(r.name) = any(${textArray(names.map((n) => n.toLowerCase()))})`,
  );
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}

export async function findById(tx: Tx, serviceId: string, id: string): Promise<ReportRow | undefined> {
  const [row] = await rowsOf<ReportRow>(tx, sql`${SELECT_REPORT} where r.service_id = ${serviceId} and r.id = ${id}`);
  return row;
}

/** A transfer server of the service (either family), for a report's destination. */
export async function transferServer(tx: Tx, serviceId: string, id: string): Promise<{ id: string; name: string; protocol: string } | undefined> {
  const [row] = await rowsOf<{ id: string; name: string; protocol: string }>(
    tx,
    sql`select id, name, protocol from transfer_servers where service_id = ${serviceId} and id = ${id}`,
  );
  return row;
}

export async function insert(tx: Tx, row: ReportColumns & { accountId: string; serviceId: string; createdBy: string }): Promise<string> {
  const [created] = await rowsOf<{ id: string }>(
    tx,
    sql`insert into scheduled_reports (account_id, service_id, name, kind, frequency, weekday, day_of_month, cron, time, time_zone, transfer_server_id, recipients,
          enabled, next_run_at, created_by)
        values (${row.accountId}, ${row.serviceId}, ${row.name}, ${row.kind}, ${row.frequency}, ${row.weekday}, ${dayText(row.day_of_month)}, ${row.cron}, ${row.time},
                ${row.time_zone}, ${row.transfer_server_id},
                ${JSON.stringify(row.recipients)}::jsonb, ${row.enabled}, ${at(row.next_run_at)}, ${row.createdBy})
        returning id`,
  );
  return created!.id;
}

export async function update(tx: Tx, id: string, columns: ReportColumns): Promise<void> {
  await tx.execute(
    sql`update scheduled_reports set name = ${columns.name}, kind = ${columns.kind}, frequency = ${columns.frequency}, weekday = ${columns.weekday},
          day_of_month = ${dayText(columns.day_of_month)}, cron = ${columns.cron}, time = ${columns.time}, time_zone = ${columns.time_zone}, transfer_server_id = ${columns.transfer_server_id}, recipients = ${JSON.stringify(columns.recipients)}::jsonb,
          enabled = ${columns.enabled}, next_run_at = ${at(columns.next_run_at)}, updated_at = now()
        where id = ${id}`,
  );
}

export async function remove(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`delete from scheduled_reports where id = ${id}`);
}

/** When the report last ran (any trigger), for a report of what happened since. */
export async function previousRunStart(tx: Tx, reportId: string): Promise<Date | null> {
  const [row] = await rowsOf<{ started_at: Date }>(tx, sql`select started_at from report_runs where report_id = ${reportId} order by started_at desc limit 1`);
  return row ? new Date(row.started_at) : null;
}

/**
 * The newest run of each of the service's reports (each found through its report's index, not a scan of every
 * run), in the history's order: the id breaks a tie in start time.
 */
export async function lastRuns(tx: Tx, serviceId: string): Promise<Map<string, RunRow>> {
  const rows = await rowsOf<RunRow>(
    tx,
    sql`select x.* from scheduled_reports r
        cross join lateral (select ${RUN_COLUMNS} from report_runs where report_id = r.id order by started_at desc, id desc limit 1) x
        where r.service_id = ${serviceId}`,
  );
  return new Map(rows.map((r) => [r.report_id, r]));
}

/** A report's newest run, as the history's first page starts. */
export async function lastRun(tx: Tx, reportId: string): Promise<RunRow | undefined> {
  const [row] = await rowsOf<RunRow>(tx, sql`select ${RUN_COLUMNS} from report_runs where report_id = ${reportId} order by started_at desc, id desc limit 1`);
  return row;
}

/**
 * A page of a report's runs, newest first, by keyset (platform/keyset.ts) on the start time, the id breaking ties:
 * an older page costs what the first does however long the history. Not counted: the last page (the oldest runs)
 * is read from the end and holds a full page.
 */
export async function runsPage(tx: Tx, reportId: string, request: Omit<KeysetRequest, 'page' | 'order'>): Promise<WindowedPage<RunRow>> {
  const window = keysetWindow({ ...request, page: 1, order: 'desc' }, sql`started_at`, sql`id`, { rows: 0, exact: false });
  // The start as PostgreSQL writes it: a time keeps its microseconds, which a Date would lose.
  const rows = await rowsOf<RunRow & { sort_key: string }>(
    tx,
    sql`select ${RUN_COLUMNS}, started_at::text as sort_key from report_runs
        where report_id = ${reportId}${window.condition ? sql` and ${window.condition}` : sql``}
        order by ${window.orderBy} limit ${window.limit}`,
  );
  const page = window.page(rows, (row) => ({ value: row.sort_key, id: row.id }));
  return { ...page, rows: page.rows.map(({ sort_key: _, ...row }) => row) };
}

export async function runExists(tx: Tx, id: string): Promise<boolean> {
  return (await rowsOf(tx, sql`select 1 from report_runs where id = ${id}`)).length > 0;
}

export type NewRun = Omit<RunRow, 'report_name' | 'kind'> & { account_id: string; service_id: string; report_name: string; kind: ReportKind };

/** Records a run once it ended; a run already recorded (a retried job) stays as it was. */
export async function insertRun(tx: Tx, run: NewRun): Promise<boolean> {
  const inserted = await rowsOf(
    tx,
    sql`insert into report_runs (id, account_id, service_id, report_id, report_name, kind, trigger, triggered_by, scheduled_for, started_at, finished_at,
          status, rows, bytes, file_name, outcomes, error)
        values (${run.id}, ${run.account_id}, ${run.service_id}, ${run.report_id}, ${run.report_name}, ${run.kind}, ${run.trigger}, ${run.triggered_by},
          ${at(run.scheduled_for)}, ${at(run.started_at)}, ${at(run.finished_at)}, ${run.status}, ${run.rows}, ${run.bytes}, ${run.file_name},
          ${JSON.stringify(run.outcomes)}::jsonb, ${run.error})
        on conflict (id) do nothing returning id`,
  );
  return inserted.length > 0;
}

/** A report the scheduler found due, with the due time it read and the database's clock. */
export type DueReport = Pick<ReportRow, 'id' | 'account_id' | 'service_id' | 'name' | 'frequency' | 'weekday' | 'day_of_month' | 'cron' | 'time' | 'time_zone'> & {
  next_run_at: Date;
  /** The due time exactly as stored (microseconds and all), for the claim to compare with. */
  due: string;
  now: Date;
};

/**
 * Enabled reports whose next run has come, oldest first, locked for this transaction; rows another process is
 * claiming right now are skipped (it will queue them). Across every account: the scheduler's own scope.
 */
export function lockDue(tx: Tx, limit: number): Promise<DueReport[]> {
  return rowsOf<DueReport>(
    tx,
    sql`select r.id, r.account_id, r.service_id, r.name, r.frequency, r.weekday, ${DAY_OF_MONTH} as day_of_month, r.cron, r.time, r.time_zone, r.next_run_at,
          r.next_run_at::text as due, now() as now from scheduled_reports r
        where enabled and next_run_at <= now() order by next_run_at limit ${limit} for update skip locked`,
  );
}

/** Moves a due report on to its next run, only from the due time read (lockDue's `due`): false when someone else moved it first. */
export async function claim(tx: Tx, id: string, due: string, next: Date): Promise<boolean> {
  const moved = await rowsOf(tx, sql`update scheduled_reports set next_run_at = ${at(next)} where id = ${id} and next_run_at = ${due}::timestamptz and enabled returning id`);
  return moved.length > 0;
}

/** Whether the service's type offers scheduled reports, and its account's type and name. */
export async function serviceOf(tx: Tx, serviceId: string): Promise<{ name: string; type: string; account_id: string } | undefined> {
  const [row] = await rowsOf<{ name: string; type: string; account_id: string }>(tx, sql`select name, type, account_id from services where id = ${serviceId}`);
  return row;
}
