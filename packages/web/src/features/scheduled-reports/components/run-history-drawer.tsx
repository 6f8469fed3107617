import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import { Alert, Button, Drawer, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { REPORT_KIND_LABELS, type ReportRun, type ScheduledReport } from '@keydeck/contract/scheduled-reports';
import { reportRunPagesQueryOptions } from '../api/scheduled-reports.api';
import { plural, RunStatusBadge } from './report-cells';
import { formatInZone } from './zoned-time';

interface RunHistoryDrawerProps {
  serviceId: string;
  report: ScheduledReport | null;
  /** Runs queued from this screen that have not ended yet. */
  queued: number;
  /** Run now, for operators with Log at Modify; null hides the button. */
  onRunNow: ((report: ScheduledReport) => void) | null;
  running: boolean;
  onClose: () => void;
}

/**
 * Every run of one report, newest first, a page at a time ('Load older runs'): when and why it ran, what it built,
 * and what happened at each destination.
 * Its header is a plain box, not a <header>: inside the dialog it is no second banner landmark beside the page's.
 */
export function RunHistoryDrawer({ serviceId, report, queued, onRunNow, running, onClose }: RunHistoryDrawerProps) {
  return (
    <Drawer.Root opened={report !== null} onClose={onClose} position="right" size="lg">
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title>{report ? `Runs of ${report.name}` : ''}</Drawer.Title>
          <Drawer.CloseButton aria-label="Close" />
        </Drawer.Header>
        <Drawer.Body>{report ? <History serviceId={serviceId} report={report} queued={queued} onRunNow={onRunNow} running={running} /> : null}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

function History({ serviceId, report, queued, onRunNow, running }: Omit<RunHistoryDrawerProps, 'report' | 'onClose'> & { report: ScheduledReport }) {
  const runs = useInfiniteQuery(reportRunPagesQueryOptions(serviceId, report.name));
  const shown = runs.data?.pages.flatMap((page) => page.runs);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {REPORT_KIND_LABELS[report.kind]} · {report.schedule}
          {report.enabled ? '' : ' · switched off'}
        </Text>
        {onRunNow ? (
          <Button size="xs" variant="light" loading={running} onClick={() => onRunNow(report)}>
            Run now
          </Button>
        ) : null}
      </Group>
      {queued > 0 ? (
        <Paper withBorder p="sm" role="status">
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{queued === 1 ? 'A run is queued; it shows here once it has ended.' : `${queued} runs are queued; they show here once they have ended.`}</Text>
          </Group>
        </Paper>
      ) : null}
      {runs.isPending ? <Loader size="sm" aria-label="Loading the runs" /> : null}
      {runs.isError ? (
        <Alert color="error" variant="light" title="The runs could not be loaded">
          {runs.error.message}
        </Alert>
      ) : null}
      {shown && shown.length === 0 && queued === 0 ? (
        <Text size="sm" c="dimmed">
          No runs yet. {report.enabled && report.next_run_at ? `The first one is due ${formatInZone(report.next_run_at, report.time_zone)}.` : ''}
        </Text>
      ) : null}
      <Stack gap="sm" role="list" aria-label={`Runs of ${report.name}`}>
        {shown?.map((run) => <RunCard key={run.id} run={run} zone={report.time_zone} />)}
      </Stack>
      {runs.hasNextPage ? (
        <Button variant="default" size="xs" loading={runs.isFetchingNextPage} onClick={() => void runs.fetchNextPage()}>
          Load older runs
        </Button>
      ) : null}
    </Stack>
  );
}

function RunCard({ run, zone }: { run: ReportRun; zone: string }) {
  const seconds = Math.max(0, (new Date(run.finished_at).getTime() - new Date(run.started_at).getTime()) / 1000);
  return (
    <Paper withBorder p="sm" role="listitem" aria-label={`Run of ${formatInZone(run.started_at, zone)}`} data-run-id={run.id}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs">
            <RunStatusBadge status={run.status} />
            <Text size="sm" fw={600}>
              {formatInZone(run.started_at, zone)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" ta="right">
            {run.trigger === 'operator' ? `Run now by ${run.triggered_by}` : 'Scheduled'} · {seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s
          </Text>
        </Group>
        {run.file_name ? (
          <Text size="xs" c="dimmed">
            <Text span ff="monospace" size="xs">
              {run.file_name}
            </Text>{' '}
            · {plural(run.rows ?? 0, 'row')} · {(run.bytes ?? 0).toLocaleString()} bytes
          </Text>
        ) : null}
        {run.error ? (
          <Text size="sm" c="error">
            {run.error}
          </Text>
        ) : null}
        {run.outcomes.map((outcome, index) => (
          <Text key={index} size="sm" c={outcome.success ? undefined : 'error'} style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600} inherit>
              {outcome.success ? '✓' : '✗'} {outcome.destination === 'transfer' ? outcome.target : 'Mail'}:
            </Text>{' '}
            {outcome.message}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
