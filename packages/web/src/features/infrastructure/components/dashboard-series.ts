/** A per-day series as the dashboards answer it: days without data are left out. */
export type DayCount = { day: string; count: number };

/** The dashboards' per-day series cover the last 30 days (UTC), today included. */
export const DASHBOARD_DAYS = 30;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Every day of the window, oldest first, with the series' count or 0: a day with nothing is a real zero, and a bar
 * chart with gaps closed up would put Tuesday's failures next to Friday's.
 */
export function everyDay(series: readonly DayCount[], now: Date = new Date(), days: number = DASHBOARD_DAYS): DayCount[] {
  const counts = new Map(series.map(({ day, count }) => [day, count]));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) => {
    const day = isoDay(new Date(today - (days - 1 - index) * 86_400_000));
    return { day, count: counts.get(day) ?? 0 };
  });
}

const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "3 Mar": a short axis label for a YYYY-MM-DD day. */
export const shortDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/** Whether a series has anything to draw: an empty series, or one of zeros only, gets the chart's empty state. */
export const hasCounts = (values: readonly number[]) => values.some((value) => value > 0);

/** Seconds as a chart reads them: 40 ms, 1.5 s, 12 s, 3.5 min (distinct ticks however short the runs). */
export function formatSeconds(seconds: number): string {
  if (seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  if (seconds < 10) return `${Number(seconds.toFixed(1))} s`;
  if (seconds < 120) return `${Math.round(seconds)} s`;
  return `${Number((seconds / 60).toFixed(1))} min`;
}
