import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { KeyCeremony } from '@keydeck/contract/key-ceremonies';
import { useDownloadRecord } from '../api/key-ceremonies.api';
import { CeremonyComponents, CeremonyFacts } from './ceremony-facts';
import { ComponentEntry } from './component-entry';

interface CeremonyModalProps {
  serviceId: string;
  /** The ceremony as the list last read it (it refreshes while open), or null when closed. */
  ceremony: KeyCeremony | null;
  /** Cancelling needs Key at Modify; null hides the button. */
  onCancel: ((ceremony: KeyCeremony) => void) | null;
  onClose: () => void;
}

/** One ceremony: its key, its components, the caller's own turn (or why not), its record and its cancelling. */
export function CeremonyModal({ serviceId, ceremony, onCancel, onClose }: CeremonyModalProps) {
  const download = useDownloadRecord(serviceId);
  return (
    <Modal opened={ceremony !== null} onClose={onClose} title={ceremony ? `Key ceremony: ${ceremony.name}` : ''} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {ceremony ? (
        <Stack gap="md">
          <CeremonyFacts ceremony={ceremony} />
          <Stack gap={4}>
            <Title order={3} fz="h5">
              Components entered
            </Title>
            <CeremonyComponents ceremony={ceremony} />
          </Stack>
          {ceremony.state === 'completed' && ceremony.kcv ? (
            <Alert color="success" variant="light" title="Key created" role="status">
              <Text size="sm">
                KCV of {ceremony.name}:{' '}
                <Text component="span" ff="monospace" fw={700} data-testid="ceremony-kcv">
                  {ceremony.kcv}
                </Text>
              </Text>
            </Alert>
          ) : null}
          {ceremony.you.may_enter ? (
            <ComponentEntry key={ceremony.id} serviceId={serviceId} ceremony={ceremony} />
          ) : ceremony.state === 'open' && ceremony.you.why_not ? (
            <Alert color="gray" variant="light" data-testid="why-not">
              {ceremony.you.why_not}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            {onCancel && ceremony.state === 'open' ? (
              <Button variant="light" color="error" onClick={() => onCancel(ceremony)}>
                Cancel ceremony
              </Button>
            ) : null}
            <Button variant="default" loading={download.isPending} onClick={() => download.mutate(ceremony)}>
              Download record
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
