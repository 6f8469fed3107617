import cronParser from 'cron-parser';

/**
 * When a scheduled report runs (spec §7 service/scheduled_reports): its frequencies and days, and the engine that
 * reads a schedule in its IANA time zone (daily, weekly, monthly or a 5-field cron expression) into the instants it
 * comes round, with daylight-saving changes, and into words. Apart from the wire schemas so that the server's
 * scheduler, the form's preview and the schemas' checks share one reading of a schedule.
 */
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly', 'cron'] as const;
export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly', cron: 'Cron expression' };
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

/** A monthly report's day: 1 to 28 (every month has them), or the month's last day. */
export type DayOfMonth = number | 'last';

/**
 * When a report runs, in its time zone (IANA name): every day, one day a week or one day a month at a time of day,
 * or on a 5-field cron expression (then without a time of day).
 */
export type ReportSchedule = {
  frequency: ReportFrequency;
  weekday: Weekday | null;
  day_of_month?: DayOfMonth | null;
  cron?: string | null;
  time: string | null;
  time_zone?: string;
};

/** Whether a time zone is one the runtime knows by its IANA name (offsets like '+01:00' are not zones: no DST rules). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The time zones to choose from (UTC first); where the runtime cannot list them, UTC alone. */
export function timeZones(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...listed.filter((zone) => zone !== 'UTC')];
}

/** Why a cron expression cannot be used, or null: exactly five fields (minute hour day month weekday), as cron-parser reads them. */
export function cronProblem(expression: string): string | null {
  const fields = expression.trim().split(/\s+/).filter(Boolean);
  if (fields.length !== 5) return `A cron expression has 5 fields (minute hour day-of-month month day-of-week), e.g. 0 6 * * 1-5; this one has ${fields.length}`;
  try {
    cronParser.parseExpression(fields.join(' '), { tz: 'UTC' });
    return null;
  } catch (err) {
    return `Not a valid cron expression: ${(err as Error).message}`;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The wall-clock time an instant shows in a zone, as milliseconds of a UTC date with the same fields. */
function wallOf(zone: string, instant: number): number {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}

/**
 * The instant a wall-clock time (given as a UTC date with its fields) happens in a zone. A time the clocks skip
 * (spring forward) happens as far past the skip as it was into it (02:30 becomes 03:30, as PostgreSQL and
 * cron-parser read it); a time the clocks show twice (fall back) happens at its first showing, so it runs once.
 */
function instantOf(zone: string, wall: number): number {
  const day = 86_400_000;
  // The zone's offsets either side of the day: a transition, if any, lies between them.
  const before = wall - (wallOf(zone, wall - day) - (wall - day));
  const after = wall - (wallOf(zone, wall + day) - (wall + day));
  const shown = [before, after].filter((t) => wallOf(zone, t) === wall).sort((a, b) => a - b);
  return shown[0] ?? before;
}

/**
 * The first time the schedule comes round strictly after `after`, in its time zone. A server that was down over a
 * run's time runs it once when it is back (the scheduler claims reports whose time has passed), then goes on from
 * the next one.
 */
export function nextRunAfter(schedule: ReportSchedule, after: Date): Date {
  const zone = schedule.time_zone ?? 'UTC';
  if (schedule.frequency === 'cron') {
    return cronParser.parseExpression(schedule.cron ?? '', { currentDate: after, tz: zone }).next().toDate();
  }
  const [hours, minutes] = (schedule.time ?? '00:00').split(':').map(Number) as [number, number];
  const today = new Date(wallOf(zone, after.getTime()));
  // A monthly run is at most 31 days away, plus a day either side for the zone.
  for (let offset = -1; offset <= 63; offset++) {
    const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset));
    if (!onDay(schedule, date)) continue;
    const at = instantOf(zone, Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), hours, minutes));
    if (at > after.getTime()) return new Date(at);
  }
  throw new Error(`The schedule never comes round: ${describeSchedule(schedule)}`);
}

/** Whether the schedule runs on a (local) date. */
function onDay(schedule: ReportSchedule, date: Date): boolean {
  if (schedule.frequency === 'weekly' && schedule.weekday) {
    // getUTCDay: Sunday 0 ... Saturday 6; WEEKDAYS starts on Monday.
    return date.getUTCDay() === (WEEKDAYS.indexOf(schedule.weekday) + 1) % 7;
  }
  if (schedule.frequency === 'monthly' && schedule.day_of_month != null) {
    if (schedule.day_of_month !== 'last') return date.getUTCDate() === schedule.day_of_month;
    return new Date(date.getTime() + 86_400_000).getUTCDate() === 1;
  }
  return true;
}

/** The next `count` runs after `after`: the form's preview. */
export function nextRuns(schedule: ReportSchedule, after: Date, count: number): Date[] {
  const runs: Date[] = [];
  for (let at = after; runs.length < count; ) runs.push((at = nextRunAfter(schedule, at)));
  return runs;
}

/** The schedule in words: 'Daily at 06:00 UTC', 'Every Monday at 07:30 Europe/Berlin', 'Monthly on the last day at 06:00 UTC'. */
export function describeSchedule(schedule: ReportSchedule): string {
  const zone = schedule.time_zone ?? 'UTC';
  switch (schedule.frequency) {
    case 'cron':
      return `Cron ${schedule.cron} (${zone})`;
    case 'monthly':
      return `Monthly on ${schedule.day_of_month === 'last' ? 'the last day' : `day ${schedule.day_of_month}`} at ${schedule.time} ${zone}`;
    case 'weekly':
      if (schedule.weekday) return `Every ${WEEKDAY_LABELS[schedule.weekday]} at ${schedule.time} ${zone}`;
  }
  return `Daily at ${schedule.time} ${zone}`;
}
