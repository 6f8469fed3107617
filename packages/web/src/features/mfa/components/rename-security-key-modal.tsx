import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { useState, type FormEvent } from 'react';
import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { UiDefaults } from '@keydeck/contract/messages';
import { securityKeyNameRequest, type SecurityKey } from '@keydeck/contract/security-keys';
import { showToast } from '../../../lib/toasts';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { useFormRefusals } from '../../../lib/use-form-refusals';
import { useRenameSecurityKey } from '../api/security-keys.api';

const FIELDS = ['name'] as const;

/** Renames one of the user's security keys; the name only tells the keys apart in this list. */
export function RenameSecurityKeyModal({ securityKey, onClose }: { securityKey: SecurityKey | null; onClose: () => void }) {
  return (
    <Modal
      opened={securityKey !== null}
      onClose={onClose}
      title="Rename security key"
      size={UiDefaults.modalWidth}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {securityKey ? <RenameForm securityKey={securityKey} onClose={onClose} /> : null}
    </Modal>
  );
}

function RenameForm({ securityKey, onClose }: { securityKey: SecurityKey; onClose: () => void }) {
  const rename = useRenameSecurityKey();
  const [name, setName] = useState(securityKey.name);
  const { formRef, errors, message, clear, submit } = useFormRefusals({
    fields: FIELDS,
    onSubmit: async ({ name: newName }: { name: string }) => {
      const { security_key } = await rename.mutateAsync({ id: securityKey.id, name: newName });
      showToast({ color: 'success', message: `Security key renamed to ${security_key.name}.` });
      onClose();
    },
  });
  const send = (event: FormEvent<HTMLFormElement>) => submit(event, () => securityKeyNameRequest.safeParse({ name }));

  return (
    <form ref={formRef} onSubmit={send} noValidate aria-label="Rename security key">
      <Stack gap="md">
        <FormAlert message={message} />
        <TextInput
          label="Name"
          withAsterisk
          data-autofocus
          value={name}
          error={errors.name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            clear('name');
          }}
        />
        <FormFooter
          submitLabel="Rename"
          pending={rename.isPending}
          actions={
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
          }
        />
      </Stack>
    </form>
  );
}
