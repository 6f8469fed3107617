import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Modal } from '@mantine/core';
import { UiDefaults } from '@keydeck/contract/messages';
import { showToast } from '../../../lib/toasts';
import { useCreateAccount } from '../api/accounts.api';
import { AccountForm } from './account-form';

interface CreateAccountModalProps {
  opened: boolean;
  onClose: () => void;
}

/** "New account" in a 640 px modal (spec §9); the form is rebuilt empty on every opening. */
export function CreateAccountModal({ opened, onClose }: CreateAccountModalProps) {
  const create = useCreateAccount();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="New account"
      size={UiDefaults.modalWidth}
      closeButtonProps={{ 'aria-label': 'Close' }}
      fullScreen={false}
    >
      {opened ? (
        <AccountForm
          submitLabel="Create account"
          pending={create.isPending}
          onSubmit={async (fields) => {
            const account = await create.mutateAsync(fields);
            showToast({ color: 'success', message: `Account ${account.name} created.` });
            create.reset();
            onClose();
          }}
          actions={
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
          }
        />
      ) : null}
    </Modal>
  );
}
