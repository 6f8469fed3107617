import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Code.css';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { UiDefaults } from '@keydeck/contract/messages';

interface DeleteAccountDialogProps {
  opened: boolean;
  account: { name: string; account_slug: string };
  pending: boolean;
  onClose: () => void;
  onConfirm: (slug: string) => void;
}

/** The danger dialog of step 2: deletion goes ahead only once the account slug is typed exactly. */
export function DeleteAccountDialog({ opened, account, pending, onClose, onConfirm }: DeleteAccountDialogProps) {
  const [typed, setTyped] = useState('');
  const matches = typed.trim() === account.account_slug;
  const close = () => {
    setTyped('');
    onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (matches) onConfirm(typed.trim());
  };
  return (
    <Modal opened={opened} onClose={close} title={`Delete ${account.name}`} size={UiDefaults.modalWidth} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate aria-label="Delete account">
        <Stack gap="md">
          <Alert color="error" variant="light" title="This cannot be undone">
            The account, its users, roles, allowlist, licenses, syslog servers and audit log are deleted for good. Its port
            ranges become free.
          </Alert>
          <TextInput
            label={
              <>
                Type <Code>{account.account_slug}</Code> to confirm
              </>
            }
            data-autofocus
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          <Text size="sm" c="dimmed">
            The deletion is recorded in the platform account's audit log.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="error" disabled={!matches} loading={pending}>
              Delete account for good
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
