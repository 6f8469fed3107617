import { describe, expect, it } from 'vitest';
import { cronProblem, describeSchedule, isTimeZone, nextRunAfter, nextRuns, type ReportSchedule } from './report-schedule.ts';
import { scheduledReportCreate, scheduledReportUpdate } from './scheduled-reports.ts';

const at = (iso: string) => new Date(iso);
const next = (schedule: ReportSchedule, after: string) => nextRunAfter(schedule, at(after)).toISOString();
const daily = (time: string): ReportSchedule => ({ frequency: 'daily', weekday: null, time });
const weekly = (weekday: ReportSchedule['weekday'], time: string): ReportSchedule => ({ frequency: 'weekly', weekday, time });

describe('next run of a schedule (UTC)', () => {
  it('runs a daily report later the same day, or the next day once its time has passed', () => {
    expect(next(daily('06:00'), '2025-03-10T05:59:59.999Z')).toBe('2025-03-10T06:00:00.000Z');
    // Exactly at the time: that run is the one being claimed, the next is tomorrow.
    expect(next(daily('06:00'), '2025-03-10T06:00:00.000Z')).toBe('2025-03-11T06:00:00.000Z');
    expect(next(daily('06:00'), '2025-03-10T18:30:00.000Z')).toBe('2025-03-11T06:00:00.000Z');
  });

  it('crosses midnight, month, year and leap-day ends', () => {
    expect(next(daily('00:00'), '2025-03-10T23:59:30.000Z')).toBe('2025-03-11T00:00:00.000Z');
    expect(next(daily('23:59'), '2025-03-10T23:59:00.000Z')).toBe('2025-03-11T23:59:00.000Z');
    expect(next(daily('00:15'), '2025-01-31T23:00:00.000Z')).toBe('2025-02-01T00:15:00.000Z');
    expect(next(daily('08:00'), '2025-12-31T09:00:00.000Z')).toBe('2026-01-01T08:00:00.000Z');
    expect(next(daily('08:00'), '2024-02-28T09:00:00.000Z')).toBe('2024-02-29T08:00:00.000Z');
    expect(next(daily('08:00'), '2024-02-29T09:00:00.000Z')).toBe('2024-03-01T08:00:00.000Z');
  });

  it('runs a weekly report on its day, this week or the next', () => {
    // 2025-03-10 is a Monday.
    expect(next(weekly('monday', '07:30'), '2025-03-10T07:00:00.000Z')).toBe('2025-03-10T07:30:00.000Z');
    expect(next(weekly('monday', '07:30'), '2025-03-10T07:30:00.000Z')).toBe('2025-03-17T07:30:00.000Z');
    expect(next(weekly('wednesday', '07:30'), '2025-03-10T12:00:00.000Z')).toBe('2025-03-12T07:30:00.000Z');
    expect(next(weekly('sunday', '22:00'), '2025-03-10T12:00:00.000Z')).toBe('2025-03-16T22:00:00.000Z');
  });

  it('crosses the week’s end: Saturday night to Sunday, Sunday to Monday', () => {
    // Saturday 2025-03-15 23:30: Sunday's run is half an hour away, Monday's two days.
    expect(next(weekly('sunday', '00:00'), '2025-03-15T23:30:00.000Z')).toBe('2025-03-16T00:00:00.000Z');
    expect(next(weekly('monday', '00:00'), '2025-03-15T23:30:00.000Z')).toBe('2025-03-17T00:00:00.000Z');
    // Sunday after its run: the next Sunday.
    expect(next(weekly('sunday', '00:00'), '2025-03-16T00:00:00.000Z')).toBe('2025-03-23T00:00:00.000Z');
    expect(next(weekly('saturday', '23:59'), '2025-03-16T00:00:00.000Z')).toBe('2025-03-22T23:59:00.000Z');
    // Across a year's end: Wednesday 2025-12-31 to Monday 2026-01-05.
    expect(next(weekly('monday', '06:00'), '2025-12-31T10:00:00.000Z')).toBe('2026-01-05T06:00:00.000Z');
  });

  it('goes on from the next time after a long pause (missed runs collapse into one)', () => {
    expect(next(daily('06:00'), '2025-03-20T06:00:01.000Z')).toBe('2025-03-21T06:00:00.000Z');
    expect(next(weekly('friday', '06:00'), '2025-04-30T00:00:00.000Z')).toBe('2025-05-02T06:00:00.000Z');
  });

  it('says the schedule in words', () => {
    expect(describeSchedule(daily('06:00'))).toBe('Daily at 06:00 UTC');
    expect(describeSchedule(weekly('monday', '07:30'))).toBe('Every Monday at 07:30 UTC');
  });
});

const zoned = (schedule: Partial<ReportSchedule> & Pick<ReportSchedule, 'frequency'>, zone: string): ReportSchedule => ({
  weekday: null,
  day_of_month: null,
  cron: null,
  time: null,
  ...schedule,
  time_zone: zone,
});
const runsAfter = (schedule: ReportSchedule, after: string, count: number) => nextRuns(schedule, at(after), count).map((d) => d.toISOString());

describe('monthly and cron schedules in a time zone', () => {
  it('runs a monthly report on its day, this month or the next', () => {
    const fifth = zoned({ frequency: 'monthly', day_of_month: 5, time: '06:00' }, 'UTC');
    expect(runsAfter(fifth, '2025-01-05T06:00:00.000Z', 3)).toEqual(['2025-02-05T06:00:00.000Z', '2025-03-05T06:00:00.000Z', '2025-04-05T06:00:00.000Z']);
    expect(next(fifth, '2025-01-04T23:00:00.000Z')).toBe('2025-01-05T06:00:00.000Z');
    // Berlin is UTC+1 in winter: 06:00 local is 05:00Z.
    expect(next({ ...fifth, time_zone: 'Europe/Berlin' }, '2025-01-01T00:00:00.000Z')).toBe('2025-01-05T05:00:00.000Z');
  });

  it('runs on the last day of each month, February of a leap year included', () => {
    const last = zoned({ frequency: 'monthly', day_of_month: 'last', time: '23:30' }, 'UTC');
    expect(runsAfter(last, '2024-01-31T23:30:00.000Z', 4)).toEqual([
      '2024-02-29T23:30:00.000Z',
      '2024-03-31T23:30:00.000Z',
      '2024-04-30T23:30:00.000Z',
      '2024-05-31T23:30:00.000Z',
    ]);
    expect(next(last, '2025-02-01T00:00:00.000Z')).toBe('2025-02-28T23:30:00.000Z');
    // The last day in New York (UTC-5) ends after UTC's: 23:30 local on 31 January is 04:30Z on 1 February.
    expect(next({ ...last, time_zone: 'America/New_York' }, '2025-01-15T00:00:00.000Z')).toBe('2025-02-01T04:30:00.000Z');
  });

  it('keeps a daily time across DST: once on the spring-forward day (shifted past the gap), once on the fall-back day', () => {
    const berlin = zoned({ frequency: 'daily', time: '02:30' }, 'Europe/Berlin');
    // 2025-03-30: 02:00 CET jumps to 03:00 CEST, 02:30 does not exist; it runs at 03:30 CEST (01:30Z), once.
    expect(runsAfter(berlin, '2025-03-29T12:00:00.000Z', 3)).toEqual(['2025-03-30T01:30:00.000Z', '2025-03-31T00:30:00.000Z', '2025-04-01T00:30:00.000Z']);
    // 2025-10-26: 03:00 CEST falls back to 02:00 CET, 02:30 happens twice; it runs at the first (00:30Z), once.
    expect(runsAfter(berlin, '2025-10-25T12:00:00.000Z', 3)).toEqual(['2025-10-26T00:30:00.000Z', '2025-10-27T01:30:00.000Z', '2025-10-28T01:30:00.000Z']);
    // An ordinary time keeps its local hour either side of the change.
    expect(runsAfter(zoned({ frequency: 'daily', time: '06:00' }, 'Europe/Berlin'), '2025-03-29T12:00:00.000Z', 2)).toEqual(['2025-03-30T04:00:00.000Z', '2025-03-31T04:00:00.000Z']);
  });

  it('runs a weekly report on its local day, which may be another day in UTC', () => {
    // Monday 00:30 in Tokyo (UTC+9) is Sunday 15:30Z.
    expect(next(zoned({ frequency: 'weekly', weekday: 'monday', time: '00:30' }, 'Asia/Tokyo'), '2025-03-10T00:00:00.000Z')).toBe('2025-03-16T15:30:00.000Z');
  });

  it('runs a cron expression in its time zone, across DST too', () => {
    const weekdays = zoned({ frequency: 'cron', cron: '0 6 * * 1-5' }, 'UTC');
    // Friday 2025-03-14 after 06:00: Monday, Tuesday, Wednesday.
    expect(runsAfter(weekdays, '2025-03-14T06:00:00.000Z', 3)).toEqual(['2025-03-17T06:00:00.000Z', '2025-03-18T06:00:00.000Z', '2025-03-19T06:00:00.000Z']);
    expect(runsAfter({ ...weekdays, cron: '15 */6 1 * *' }, '2025-03-01T07:00:00.000Z', 3)).toEqual(['2025-03-01T12:15:00.000Z', '2025-03-01T18:15:00.000Z', '2025-04-01T00:15:00.000Z']);
    const berlin = zoned({ frequency: 'cron', cron: '30 2 * * *' }, 'Europe/Berlin');
    expect(runsAfter(berlin, '2025-03-29T12:00:00.000Z', 2)).toEqual(['2025-03-30T01:30:00.000Z', '2025-03-31T00:30:00.000Z']);
    expect(runsAfter(berlin, '2025-10-25T12:00:00.000Z', 2)).toEqual(['2025-10-26T00:30:00.000Z', '2025-10-27T01:30:00.000Z']);
  });

  it('says what is wrong with a cron expression or a time zone', () => {
    expect(cronProblem('0 6 * * 1-5')).toBeNull();
    expect(cronProblem('0 6 * *')).toBe('A cron expression has 5 fields (minute hour day-of-month month day-of-week), e.g. 0 6 * * 1-5; this one has 4');
    expect(cronProblem('0 0 6 * * 1')).toMatch(/has 5 fields.*this one has 6/);
    expect(cronProblem('61 6 * * *')).toBe('Not a valid cron expression: Constraint error, got value 61 expected range 0-59');
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('+01:00')).toBe(false);
  });

  it('says the schedules in words', () => {
    expect(describeSchedule(zoned({ frequency: 'monthly', day_of_month: 'last', time: '06:00' }, 'Europe/Berlin'))).toBe('Monthly on the last day at 06:00 Europe/Berlin');
    expect(describeSchedule(zoned({ frequency: 'monthly', day_of_month: 1, time: '06:00' }, 'UTC'))).toBe('Monthly on day 1 at 06:00 UTC');
    expect(describeSchedule(zoned({ frequency: 'cron', cron: '0 6 * * 1-5' }, 'UTC'))).toBe('Cron 0 6 * * 1-5 (UTC)');
  });
});

describe('report fields', () => {
  const base = { name: 'Daily devices', kind: 'devices', frequency: 'daily', time: '06:00', recipients: ['ops@example.test'] } as const;

  it('takes a daily report with a recipient, lower-casing addresses', () => {
    const parsed = scheduledReportCreate.parse({ ...base, recipients: ['Ops@Example.TEST'] });
    expect(parsed).toMatchObject({ weekday: null, transfer_server_id: null, enabled: true, recipients: ['ops@example.test'] });
  });

  it('refuses a report that goes nowhere, a weekly one without a day, a bad time, too many or repeated recipients', () => {
    const issues = (value: object) => scheduledReportCreate.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(issues({ ...base, recipients: [] })).toEqual(['recipients: Choose a transfer server or enter at least one recipient']);
    expect(issues({ ...base, frequency: 'weekly' })).toEqual(['weekday: Choose a day of the week']);
    expect(issues({ ...base, weekday: 'monday' })).toEqual(['weekday: A daily report runs every day: leave the day out']);
    expect(issues({ ...base, time: '24:00' })).toEqual(['time: Enter a time of day as HH:MM, e.g. 06:00']);
    expect(issues({ ...base, time: '6:00' })).toHaveLength(1);
    expect(issues({ ...base, recipients: Array.from({ length: 11 }, (_, i) => `r${i}@example.test`) })).toEqual(['recipients: At most 10 recipients']);
    expect(issues({ ...base, recipients: ['a@example.test', 'A@example.test'] })).toEqual(['recipients: Each recipient once']);
    expect(issues({ ...base, recipients: ['not an address'] })).toEqual(['recipients.0: Enter an email address']);
    expect(issues({ ...base, kind: 'payments' })).toEqual(['kind: Choose what the report lists']);
    expect(issues({ ...base, transfer_server_id: 'sftp-1' })).toEqual(['transfer_server_id: Choose one of the service’s transfer servers']);
  });

  it('checks a change’s own fields together only when both are given', () => {
    expect(scheduledReportUpdate.safeParse({ name: 'x', enabled: false }).success).toBe(true);
    expect(scheduledReportUpdate.safeParse({ name: 'x', frequency: 'weekly', weekday: null }).success).toBe(false);
    expect(scheduledReportUpdate.safeParse({ name: 'x', transfer_server_id: null, recipients: [] }).success).toBe(false);
    expect(scheduledReportUpdate.safeParse({ name: 'x', frequency: 'cron', time: '06:00' }).success).toBe(false);
    expect(scheduledReportUpdate.safeParse({ name: 'x', frequency: 'cron', cron: '0 6 * * *' }).success).toBe(true);
  });

  it('takes monthly and cron reports, refusing a bad cron, a missing day or a bad time zone', () => {
    const issues = (value: object) => scheduledReportCreate.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(scheduledReportCreate.parse({ ...base, frequency: 'monthly', day_of_month: 'last', time_zone: 'Europe/Berlin' })).toMatchObject({ day_of_month: 'last', time_zone: 'Europe/Berlin' });
    expect(scheduledReportCreate.parse({ ...base, frequency: 'cron', time: null, cron: ' 0  6 * * 1-5 ' })).toMatchObject({ cron: '0 6 * * 1-5', time: null, time_zone: 'UTC' });
    expect(issues({ ...base, frequency: 'monthly' })).toEqual(['day_of_month: Choose a day of the month from 1 to 28, or the last day']);
    expect(issues({ ...base, frequency: 'monthly', day_of_month: 31 })).toEqual(['day_of_month: Choose a day of the month from 1 to 28, or the last day']);
    expect(issues({ ...base, frequency: 'cron', time: null, cron: '0 6 * *' })).toEqual([
      'cron: A cron expression has 5 fields (minute hour day-of-month month day-of-week), e.g. 0 6 * * 1-5; this one has 4',
    ]);
    expect(issues({ ...base, frequency: 'cron', cron: '0 6 * * *' })).toEqual(['time: A cron expression says when it runs: leave the time out']);
    expect(issues({ ...base, time_zone: 'Mars/Olympus' })).toEqual(['time_zone: Choose a time zone by its IANA name, e.g. Europe/Berlin or UTC']);
  });
});
