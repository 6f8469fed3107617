import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/List.css';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';

export interface ReportLine {
  /** What the line is about (a key, a server, a CA, a serial). */
  name: string;
  success: boolean;
  /** The server's words. */
  message: string;
  /** Why it was refused, when the message does not say. */
  reason?: string | null;
}

export interface ResultReport {
  title: string;
  lines: ReportLine[];
  /** Names the row when the message does not (a CA deletion's message is the same for every CA). */
  named?: boolean;
}

/** After a batch of a few rows: the counts, then each row in the server's words, failures first. */
export function ResultReportModal({ report, onClose }: { report: ResultReport | null; onClose: () => void }) {
  const lines = report?.lines ?? [];
  const ordered = [...lines.filter((line) => !line.success), ...lines.filter((line) => line.success)];
  const failed = lines.length - lines.filter((line) => line.success).length;
  return (
    <Modal opened={report !== null} onClose={onClose} title={report?.title ?? ''} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm" data-testid="result-report">
        <Text size="sm" fw={600} aria-live="polite">
          {lines.length - failed} succeeded, {failed} failed
        </Text>
        <List size="sm" spacing={6} aria-label="Results" mah={360} tabIndex={0} style={{ overflowY: 'auto' }}>
          {ordered.map((line, index) => (
            <List.Item key={`${line.name}-${index}`} c={line.success ? undefined : 'var(--mantine-color-error)'}>
              {report?.named ? (
                <>
                  <Text span fw={600} size="sm">
                    {line.name}
                  </Text>
                  : {line.message}
                </>
              ) : (
                line.message
              )}
              {line.reason ? (
                <Text size="xs" c="dimmed">
                  {line.reason}
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
