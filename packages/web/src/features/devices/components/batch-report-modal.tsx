import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/SegmentedControl.css';
import { useState } from 'react';
import { Alert, Button, Group, List, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { saveFile } from '../../../lib/save-file';
import {
  failuresFirst,
  filterLines,
  outcomeCounts,
  REPORT_LINES_SHOWN,
  REPORT_OUTCOMES,
  reportCsv,
  type ReportLine,
  type ReportOutcome,
} from '../api/device-report';

export interface BatchReport {
  title: string;
  lines: ReportLine[];
  /** Why the run stopped before the end, when it did. */
  stopped?: string | undefined;
  /** The report file's first column: serial or group. */
  nameColumn: 'serial' | 'group';
}

const count = (n: number) => n.toLocaleString('en-US');
const LABELS: Record<ReportOutcome, string> = { failed: 'Failed', unchanged: 'Unchanged', succeeded: 'Succeeded' };
const COLORS: Record<ReportOutcome, string | undefined> = { failed: 'var(--mantine-color-error)', unchanged: 'dimmed', succeeded: undefined };

/** "37 succeeded, 2 unchanged, 1 failed": unchanged only when some were. */
function summary(counts: Record<ReportOutcome, number>): string {
  const parts = [`${count(counts.succeeded)} succeeded`, ...(counts.unchanged ? [`${count(counts.unchanged)} unchanged`] : []), `${count(counts.failed)} failed`];
  return parts.join(', ');
}

/**
 * After every batch: the counts by outcome, then each line in the server's words, failures first; the reader can
 * show one outcome or look for a serial. A big batch shows its first REPORT_LINES_SHOWN lines of the view; the
 * whole report always downloads as CSV.
 */
export function BatchReportModal({ report, onClose }: { report: BatchReport | null; onClose: () => void }) {
  return (
    <Modal opened={report !== null} onClose={onClose} title={report?.title ?? ''} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {/* Mounted per report, so each opens on all of its lines. */}
      {report ? <ReportBody report={report} onClose={onClose} /> : null}
    </Modal>
  );
}

function ReportBody({ report, onClose }: { report: BatchReport; onClose: () => void }) {
  const [outcome, setOutcome] = useState<ReportOutcome | 'all'>('all');
  const [fragment, setFragment] = useState('');
  const lines = failuresFirst(report.lines);
  const counts = outcomeCounts(lines);
  const present = REPORT_OUTCOMES.filter((o) => counts[o] > 0);
  const viewed = filterLines(lines, outcome, fragment);
  const shown = viewed.slice(0, REPORT_LINES_SHOWN);
  const download = () =>
    saveFile(`${report.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-report.csv`, reportCsv(lines, report.nameColumn), 'text/csv');

  return (
    <Stack gap="sm" data-testid="batch-report">
      <Text size="sm" fw={600} aria-live="polite">
        {summary(counts)}
      </Text>
      {report.stopped ? (
        <Alert color="warning" variant="light" title="The batch stopped before the end">
          {report.stopped}
        </Alert>
      ) : null}
      {lines.length > 1 ? (
        <Group gap="sm" align="flex-end" wrap="wrap">
          {present.length > 1 ? (
            <SegmentedControl
              size="xs"
              aria-label="Show results"
              value={outcome}
              onChange={(value) => setOutcome(value as ReportOutcome | 'all')}
              data={[
                { value: 'all', label: `All (${count(lines.length)})` },
                ...present.map((o) => ({ value: o, label: `${LABELS[o]} (${count(counts[o])})` })),
              ]}
            />
          ) : null}
          <TextInput
            size="xs"
            type="search"
            aria-label={`Filter results by ${report.nameColumn} or text`}
            placeholder={`Filter by ${report.nameColumn} or text`}
            value={fragment}
            onChange={(event) => setFragment(event.currentTarget.value)}
            w={{ base: '100%', xs: 220 }}
          />
        </Group>
      ) : null}
      <List size="sm" spacing={2} aria-label="Results" mah={360} tabIndex={0} style={{ overflowY: 'auto' }}>
        {shown.map((line, index) => (
          <List.Item key={`${line.name}-${index}`} c={COLORS[line.outcome]}>
            {line.message}
          </List.Item>
        ))}
      </List>
      {viewed.length === 0 ? (
        <Text size="sm" c="dimmed">
          No result matches the filter.
        </Text>
      ) : viewed.length < lines.length || shown.length < viewed.length ? (
        <Text size="sm" c="dimmed">
          Showing {count(shown.length)} of {count(lines.length)} results.
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={download}>
          Download report (CSV)
        </Button>
        <Button onClick={onClose} data-autofocus>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
