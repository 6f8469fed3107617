import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Modal } from '@mantine/core';
import { UiDefaults } from '@keydeck/contract/messages';
import type { License } from '@keydeck/contract/licenses';
import { showToast } from '../../../lib/toasts';
import { useSaveLicense } from '../api/licenses.api';
import { LicenseForm } from './license-form';

interface LicenseModalProps {
  accountId: string;
  /** null: closed; 'new': grant a license; a license: edit it. */
  editing: License | 'new' | null;
  onClose: () => void;
}

/** Grant or edit a license in a 640 px modal (spec §9); the form is rebuilt on every opening. */
export function LicenseModal({ accountId, editing, onClose }: LicenseModalProps) {
  const save = useSaveLicense(accountId);
  const license = editing === 'new' || editing === null ? undefined : editing;
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={license ? `Edit license ${license.license_key}` : 'New license'}
      size={UiDefaults.modalWidth}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {editing !== null ? (
        <LicenseForm
          key={license?.id ?? 'new'}
          license={license}
          pending={save.isPending}
          onSubmit={async (fields) => {
            const saved = await save.mutateAsync(license ? { ...fields, id: license.id } : fields);
            showToast({ color: 'success', message: `License ${saved.license_key} ${license ? 'saved' : 'added'}.` });
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
