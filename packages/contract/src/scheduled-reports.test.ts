import { describe, expect, it } from 'vitest';
import { describeSchedule, nextRunAfter, scheduledReportCreate, scheduledReportUpdate, type ReportSchedule } from './scheduled-reports.ts';

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
    expect(issues({ ...base, time: '24:00' })).toEqual(['time: Enter a time of day as HH:MM (UTC), e.g. 06:00']);
    expect(issues({ ...base, time: '6:00' })).toHaveLength(1);
    expect(issues({ ...base, recipients: Array.from({ length: 11 }, (_, i) => `r${i}@example.test`) })).toEqual(['recipients: At most 10 recipients']);
    expect(issues({ ...base, recipients: ['a@example.test', 'A@example.test'] })).toEqual(['recipients: Each recipient once']);
    expect(issues({ ...base, recipients: ['not an address'] })).toEqual(['recipients.0: Enter an email address']);
    expect(issues({ ...base, kind: 'certificates' })).toEqual(['kind: Choose what the report lists']);
    expect(issues({ ...base, transfer_server_id: 'sftp-1' })).toEqual(['transfer_server_id: Choose one of the service’s transfer servers']);
  });

  it('checks a change’s own fields together only when both are given', () => {
    expect(scheduledReportUpdate.safeParse({ name: 'x', enabled: false }).success).toBe(true);
    expect(scheduledReportUpdate.safeParse({ name: 'x', frequency: 'weekly', weekday: null }).success).toBe(false);
    expect(scheduledReportUpdate.safeParse({ name: 'x', transfer_server_id: null, recipients: [] }).success).toBe(false);
  });
});
