import type { ServicesPage } from '@keydeck/contract/services';
import { FormModal } from '../../../lib/ui/form-modal';
import { useRequestService } from '../api/services.api';
import { ServiceForm, type ServiceFormValues } from './service-form';

interface ServiceRequestModalProps {
  opened: boolean;
  catalogue: ServicesPage | undefined;
  /** The type chosen in the catalogue, preselected. */
  initialType?: string;
  onClose: () => void;
}

/** The customer's service request; the new service waits for approval. */
export function ServiceRequestModal({ opened, catalogue, initialType, onClose }: ServiceRequestModalProps) {
  const request = useRequestService();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Request a service"
      mutations={[request]}
      onSubmit={async (values: ServiceFormValues) => {
        // The request body schema drops use_jwt: only administrators choose it.
        const service = await request.mutateAsync(values);
        return `${service.name} requested. It is Pending Approval.`;
      }}
    >
      {(form) =>
        catalogue ? (
          <ServiceForm
            key={initialType ?? 'any'}
            types={catalogue.services_available}
            catalogue={catalogue}
            initialType={initialType}
            submitLabel="Request service"
            {...form}
          />
        ) : null
      }
    </FormModal>
  );
}
