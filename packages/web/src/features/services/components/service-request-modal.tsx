import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Modal } from '@mantine/core';
import { UiDefaults } from '@keydeck/contract/messages';
import type { Service, ServicesPage } from '@keydeck/contract/services';
import { showToast } from '../../../lib/toasts';
import { useRequestService } from '../api/services.api';
import { ServiceForm } from './service-form';

interface ServiceRequestModalProps {
  opened: boolean;
  catalogue: ServicesPage | undefined;
  /** The type chosen in the catalogue, preselected. */
  initialType?: string;
  onClose: () => void;
  onRequested?: (service: Service) => void;
}

/** The customer's service request; the new service waits for approval. */
export function ServiceRequestModal({ opened, catalogue, initialType, onClose, onRequested }: ServiceRequestModalProps) {
  const request = useRequestService();
  return (
    <Modal opened={opened} onClose={onClose} title="Request a service" size={UiDefaults.modalWidth} closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && catalogue ? (
        <ServiceForm
          key={initialType ?? 'any'}
          types={catalogue.services_available}
          catalogue={catalogue}
          initialType={initialType}
          submitLabel="Request service"
          pending={request.isPending}
          onSubmit={async (values) => {
            // The request body schema drops use_jwt: only administrators choose it.
            const service = await request.mutateAsync(values);
            showToast({ color: 'success', message: `${service.name} requested. It is Pending Approval.` });
            request.reset();
            onClose();
            onRequested?.(service);
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
