import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { CopyText } from '../../../lib/ui/copy-text';

export interface OneTimeSecret {
  title: string;
  /** What the values are, said once above them. */
  intro: string;
  values: { label: string; value: string }[];
}

/**
 * Secrets the server answers once (an HSM's PINs, a new user PIN). They live in the caller's state only while this is
 * open; closing hands them back to nobody. Closing needs the user to say they kept them, so a stray click outside or
 * Escape cannot lose them.
 */
export function OneTimeSecretModal({ secret, onClose }: { secret: OneTimeSecret | null; onClose: () => void }) {
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={secret?.title ?? ''}
      size="lg"
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      {/* Rebuilt on every opening: the acknowledgement is asked again for each secret. */}
      {secret ? <SecretBody secret={secret} onClose={onClose} /> : null}
    </Modal>
  );
}

function SecretBody({ secret, onClose }: { secret: OneTimeSecret; onClose: () => void }) {
  const [kept, setKept] = useState(false);
  return (
    <Stack gap="md">
      <Alert color="warning" variant="light" title="They will not be shown again">
        Copy them now and keep them in your password manager or secrets store. Keydeck keeps them sealed and cannot show them to you a
        second time.
      </Alert>
      <Text size="sm">{secret.intro}</Text>
      <Paper withBorder p="sm" radius="md">
        <Stack gap="xs">
          {secret.values.map(({ label, value }) => (
            <Group key={label} justify="space-between" wrap="nowrap" gap="md">
              <Text size="sm" fw={600}>
                {label}
              </Text>
              <span data-testid={`secret-${label.toLowerCase().replace(/\W+/g, '-')}`}>
                <CopyText value={value} label={label} />
              </span>
            </Group>
          ))}
        </Stack>
      </Paper>
      <Checkbox
        label={secret.values.length === 1 ? 'I have stored it somewhere safe' : 'I have stored them somewhere safe'}
        checked={kept}
        onChange={(event) => setKept(event.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button disabled={!kept} onClick={onClose}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
