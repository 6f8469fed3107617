import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Group, Modal, Stack, Title } from '@mantine/core';
import type { KeyComponentExport } from '@keydeck/contract/key-ceremonies';
import { ExportComponents, ExportFacts } from './export-facts';
import { RevealComponent } from './reveal-component';

interface ExportModalProps {
  serviceId: string;
  /** The export as the list last read it (it refreshes while open), or null when closed. */
  exp: KeyComponentExport | null;
  /** Cancelling needs Key at Modify; null hides the button. */
  onCancel: ((exp: KeyComponentExport) => void) | null;
  onClose: () => void;
}

/** One component export: its key, its components, the caller's own component (or why not), and its cancelling. */
export function ExportModal({ serviceId, exp, onCancel, onClose }: ExportModalProps) {
  return (
    <Modal opened={exp !== null} onClose={onClose} title={exp ? `Component export: ${exp.key}` : ''} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {exp ? (
        <Stack gap="md">
          <ExportFacts exp={exp} />
          <Stack gap={4}>
            <Title order={3} fz="h5">
              Components
            </Title>
            <ExportComponents exp={exp} />
          </Stack>
          <RevealComponent key={exp.id} serviceId={serviceId} exp={exp} />
          {onCancel && exp.state === 'open' ? (
            <Group justify="flex-end">
              <Button variant="light" color="error" onClick={() => onCancel(exp)}>
                Cancel export
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
