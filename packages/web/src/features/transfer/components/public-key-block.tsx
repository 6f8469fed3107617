import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import type { TransferServer } from '@keydeck/contract/transfer';
import { CopyValueButton } from '../../../lib/ui/copy-value-button';

/**
 * The public half of a server's sign-in key, as one authorized_keys line for the remote account: the operator (or the
 * server's administrator) installs it there before the first connection test.
 */
export function PublicKeyBlock({ server }: { server: Pick<TransferServer, 'username' | 'host' | 'client_public_key'> }) {
  if (!server.client_public_key) return null;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        Public key to install
      </Text>
      <Text size="sm" c="dimmed">
        Add this line to <Code>~/.ssh/authorized_keys</Code> of the user {server.username} on {server.host}.
      </Text>
      <Code block aria-label="Public key" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {server.client_public_key}
      </Code>
      <Group justify="flex-end">
        <CopyValueButton value={server.client_public_key} size="xs" label="Copy public key" />
      </Group>
    </Stack>
  );
}

/** After adding a key-authenticated server, or on request: the line to install on the remote account. */
export function PublicKeyModal({ server, onClose }: { server: TransferServer | null; onClose: () => void }) {
  return (
    <Modal opened={server !== null} onClose={onClose} title={server ? `Public key of ${server.name}` : ''} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {server ? (
        <Stack gap="md">
          <PublicKeyBlock server={server} />
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Close
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
