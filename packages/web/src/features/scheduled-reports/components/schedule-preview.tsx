import '@mantine/core/styles/List.css';
import { List, Stack, Text } from '@mantine/core';
import { cronProblem, nextRuns, type ReportSchedule } from '@keydeck/contract/report-schedule';

const PREVIEW_RUNS = 3;

/** A run's time as the clock in the report's zone shows it: 'Mon, 2 Mar 2026, 06:30'. */
export const formatRunIn = (zone: string) => {
  const format = new Intl.DateTimeFormat(undefined, { timeZone: zone, weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return (at: Date) => format.format(at);
};

/** The schedule's next runs in words, or why there are none yet (the contract's message for a broken cron expression). */
function previewOf(schedule: ReportSchedule): { runs: string[] } | { problem: string } | null {
  if (schedule.frequency === 'cron') {
    if (!schedule.cron?.trim()) return null;
    const problem = cronProblem(schedule.cron);
    if (problem) return { problem };
  } else if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(schedule.time ?? '')) return null;
  if (schedule.frequency === 'weekly' && !schedule.weekday) return null;
  if (schedule.frequency === 'monthly' && schedule.day_of_month == null) return null;
  try {
    const format = formatRunIn(schedule.time_zone ?? 'UTC');
    return { runs: nextRuns({ ...schedule, cron: schedule.cron?.trim() ?? null }, new Date(), PREVIEW_RUNS).map(format) };
  } catch (err) {
    return { problem: (err as Error).message };
  }
}

/** The next runs, as the clock in the report's zone shows them; a broken cron expression says why. */
export function SchedulePreview({ schedule }: { schedule: ReportSchedule }) {
  const preview = previewOf(schedule);
  const zone = schedule.time_zone ?? 'UTC';
  if (!preview) return null;
  if ('problem' in preview) {
    return (
      <Text size="sm" c="error" role="status">
        {preview.problem}
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500} id="report-next-runs">
        Next runs ({zone})
      </Text>
      <List size="sm" aria-labelledby="report-next-runs" listStyleType="none" spacing={0}>
        {preview.runs.map((run) => (
          <List.Item key={run}>{run}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
