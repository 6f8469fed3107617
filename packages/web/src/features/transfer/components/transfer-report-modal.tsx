import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/List.css';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';

export interface TransferReport {
  title: string;
  results: { name: string; success: boolean; message: string }[];
}

/** After a batch on transfer servers: the counts, then each row in the server's words, failures first. */
export function TransferReportModal({ report, onClose }: { report: TransferReport | null; onClose: () => void }) {
  const results = report?.results ?? [];
  const lines = [...results.filter((r) => !r.success), ...results.filter((r) => r.success)];
  const failed = results.length - results.filter((r) => r.success).length;
  return (
    <Modal opened={report !== null} onClose={onClose} title={report?.title ?? ''} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm" data-testid="transfer-report">
        <Text size="sm" fw={600} aria-live="polite">
          {results.length - failed} succeeded, {failed} failed
        </Text>
        <List size="sm" spacing={4} aria-label="Results" mah={360} tabIndex={0} style={{ overflowY: 'auto' }}>
          {lines.map((line, index) => (
            <List.Item key={`${line.name}-${index}`} c={line.success ? undefined : 'var(--mantine-color-error)'}>
              {line.message}
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
