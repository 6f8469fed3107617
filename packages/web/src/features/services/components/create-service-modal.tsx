import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Modal } from '@mantine/core';
import { UiDefaults } from '@keydeck/contract/messages';
import { SERVICE_TYPES, type ServicesPage } from '@keydeck/contract/services';
import { showToast } from '../../../lib/toasts';
import { useCreateService } from '../api/services.api';
import { ServiceForm } from './service-form';

const ALL_TYPES = Object.entries(SERVICE_TYPES).map(([type, type_name]) => ({ type, type_name }));

interface CreateServiceModalProps {
  accountId: string;
  opened: boolean;
  catalogue: ServicesPage | undefined;
  onClose: () => void;
}

/** A platform administrator creates a service for the account: no approval, straight to provisioning. */
export function CreateServiceModal({ accountId, opened, catalogue, onClose }: CreateServiceModalProps) {
  const create = useCreateService();
  return (
    <Modal opened={opened} onClose={onClose} title="Create service" size={UiDefaults.modalWidth} closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && catalogue ? (
        <ServiceForm
          types={ALL_TYPES}
          catalogue={catalogue}
          withJwt
          submitLabel="Create service"
          pending={create.isPending}
          onSubmit={async (values) => {
            const service = await create.mutateAsync({ ...values, account_id: accountId });
            showToast({ color: 'success', message: `${service.name} created. It is being provisioned.` });
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
