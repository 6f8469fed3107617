import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Modal } from '@mantine/core';
import type { IdentityProvider } from '@keydeck/contract/identity-providers';
import { UiDefaults } from '@keydeck/contract/messages';
import { showToast } from '../../../lib/toasts';
import { useSaveIdentityProvider } from '../api/identity-providers.api';
import { IdentityProviderForm } from './identity-provider-form';

interface IdentityProviderModalProps {
  accountId: string;
  /** The provider being changed, 'new' while adding one, null when closed. */
  editing: IdentityProvider | 'new' | null;
  onClose: () => void;
}

/** Add or change an identity provider in a 640 px modal (spec §9); the form is rebuilt on every opening. */
export function IdentityProviderModal({ accountId, editing, onClose }: IdentityProviderModalProps) {
  const save = useSaveIdentityProvider(accountId);
  const provider = editing === 'new' ? undefined : (editing ?? undefined);
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={provider ? `Edit ${provider.name}` : 'New identity provider'}
      size={UiDefaults.modalWidth}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {editing !== null ? (
        <IdentityProviderForm
          provider={provider}
          submitLabel={provider ? 'Save changes' : 'Add provider'}
          pending={save.isPending}
          onSubmit={async (fields) => {
            const saved = await save.mutateAsync({ id: provider?.id, fields });
            showToast({ color: 'success', message: `Identity provider ${saved.name} ${provider ? 'saved' : 'added'}.` });
            save.reset();
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
