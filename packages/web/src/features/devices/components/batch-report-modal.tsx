import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/List.css';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { saveFile } from '../../../lib/save-file';
import { failuresFirst, REPORT_LINES_SHOWN, reportCsv, type ReportLine } from '../api/device-report';

export interface BatchReport {
  title: string;
  lines: ReportLine[];
  /** Why the run stopped before the end, when it did. */
  stopped?: string | undefined;
  /** The report file's first column: serial or group. */
  nameColumn: 'serial' | 'group';
}

/**
 * After every batch: how many succeeded and failed, then each line in the server's words, failures first. A big
 * batch shows its first REPORT_LINES_SHOWN lines; the whole report downloads as CSV.
 */
export function BatchReportModal({ report, onClose }: { report: BatchReport | null; onClose: () => void }) {
  const lines = report ? failuresFirst(report.lines) : [];
  const failed = lines.filter((line) => !line.success).length;
  const shown = lines.slice(0, REPORT_LINES_SHOWN);
  const download = () => {
    if (report) saveFile(`${report.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-report.csv`, reportCsv(lines, report.nameColumn), 'text/csv');
  };

  return (
    <Modal opened={report !== null} onClose={onClose} title={report?.title ?? ''} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm" data-testid="batch-report">
        <Text size="sm" fw={600} aria-live="polite">
          {(lines.length - failed).toLocaleString('en-US')} succeeded, {failed.toLocaleString('en-US')} failed
        </Text>
        {report?.stopped ? (
          <Alert color="warning" variant="light" title="The batch stopped before the end">
            {report.stopped}
          </Alert>
        ) : null}
        <List size="sm" spacing={2} aria-label="Results" mah={360} tabIndex={0} style={{ overflowY: 'auto' }}>
          {shown.map((line, index) => (
            <List.Item key={`${line.name}-${index}`} c={line.success ? undefined : 'var(--mantine-color-error)'}>
              {line.message}
            </List.Item>
          ))}
        </List>
        {lines.length > shown.length ? (
          <Text size="sm" c="dimmed">
            Showing the first {shown.length.toLocaleString('en-US')} of {lines.length.toLocaleString('en-US')} lines.
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {lines.length > shown.length ? (
            <Button variant="default" onClick={download}>
              Download full report (CSV)
            </Button>
          ) : null}
          <Button onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
