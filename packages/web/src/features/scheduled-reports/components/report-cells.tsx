import '@mantine/core/styles/Badge.css';
import { Badge, Stack, Text } from '@mantine/core';
import { REPORT_RUN_STATUS_LABELS, type ReportRun, type ReportRunStatus, type ScheduledReport } from '@keydeck/contract/scheduled-reports';
import { formatTimeAgo } from '../../../lib/datetime';
import { formatInOwnZone, formatInZone } from './zoned-time';

const STATUS_COLORS: Record<ReportRunStatus, string> = { success: 'success', partial: 'warning', failed: 'error' };
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function RunStatusBadge({ status }: { status: ReportRunStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {REPORT_RUN_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Where the report goes: its transfer server and how many recipients (named in the title), or a warning when nowhere. */
export function DestinationsCell({ report }: { report: ScheduledReport }) {
  if (!report.transfer_server && report.recipients.length === 0) {
    return (
      <Text size="sm" c="error">
        Nowhere: choose a destination
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {report.transfer_server ? (
        <Text size="sm" style={NO_WRAP}>
          {report.transfer_server.name}{' '}
          <Text span size="xs" c="dimmed">
            {report.transfer_server.protocol.toUpperCase()}
          </Text>
        </Text>
      ) : null}
      {report.recipients.length > 0 ? (
        <Text size="xs" c="dimmed" title={report.recipients.join(', ')} style={{ overflowWrap: 'anywhere' }}>
          Mail: {report.recipients.length <= 2 ? report.recipients.join(', ') : `${report.recipients[0]} and ${plural(report.recipients.length - 1, 'other')}`}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The last run: its outcome and when it ended (in the report's zone on hover); none yet says so. */
export function LastRunCell({ run, zone }: { run: ReportRun | null; zone: string }) {
  if (!run) {
    return (
      <Text size="sm" c="dimmed">
        Not run yet
      </Text>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <RunStatusBadge status={run.status} />
      <Text size="xs" c="dimmed" title={formatInZone(run.finished_at, zone)} style={NO_WRAP}>
        {formatTimeAgo(run.finished_at)}
      </Text>
    </Stack>
  );
}

/** The next run in the report's zone (the user's own on hover), and how soon; a report switched off has none. */
export function NextRunCell({ report }: { report: ScheduledReport }) {
  if (!report.enabled || !report.next_run_at) {
    return (
      <Text size="sm" c="dimmed">
        Off
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm" style={NO_WRAP} title={formatInOwnZone(report.next_run_at)}>
        {formatInZone(report.next_run_at, report.time_zone)}
      </Text>
      <Text size="xs" c="dimmed" style={NO_WRAP}>
        {formatTimeAgo(report.next_run_at)}
      </Text>
    </Stack>
  );
}
