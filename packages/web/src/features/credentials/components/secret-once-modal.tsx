import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { CredentialMessages } from '@keydeck/contract/credentials';
import { CopyText } from '../../../lib/ui/copy-text';

/** A credential's client id and its secret, answered once by create or rotate. */
export type ShownSecret = { title: string; clientId: string; clientSecret: string; overlapEndsAt?: string | null };

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
            {CredentialMessages.secretOnce}
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
          {secret.overlapEndsAt ? (
            <Text size="sm" c="dimmed">
              The previous secret keeps working until {new Date(secret.overlapEndsAt).toLocaleString()}.
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            Exchange them for a bearer token at POST /rest/api/v2/oauth/token with grant_type=client_credentials.
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>I have copied the secret</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
