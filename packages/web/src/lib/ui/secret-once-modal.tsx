import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { CopyText } from './copy-text';

/**
 * A client id and its secret, answered once by a create or a rotation (API credentials, OAuth clients): `warning`
 * says it is shown once in the area's words, `notes` what to do with them.
 */
export type ShownSecret = { title: string; clientId: string; clientSecret: string; warning: string; notes?: ReactNode };

/**
 * Shows a secret the server will never answer again, with copy buttons and a warning. The secret lives only in
 * the caller's state: closing drops it.
 */
export function SecretOnceModal({ secret, onClose }: { secret: ShownSecret | null; onClose: () => void }) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title={secret?.title} size={640} closeButtonProps={{ 'aria-label': 'Close' }}>
      {secret ? (
        <Stack gap="md">
          <Alert color="warning" variant="light" title="Shown only once">
            {secret.warning}
          </Alert>
          <div>
            <Text size="sm" fw={600}>
              Client ID
            </Text>
            <CopyText value={secret.clientId} label="client ID" />
          </div>
          <div>
            <Text size="sm" fw={600}>
              Client secret
            </Text>
            <CopyText value={secret.clientSecret} label="client secret" />
          </div>
          {secret.notes}
          <Group justify="flex-end">
            <Button onClick={onClose}>I have copied the secret</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
