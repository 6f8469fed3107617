import { SERVICE_TYPES, type ServicesPage } from '@keydeck/contract/services';
import { FormModal } from '../../../lib/ui/form-modal';
import { useCreateService } from '../api/services.api';
import { ServiceForm, type ServiceFormValues } from './service-form';

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
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Create service"
      mutations={[create]}
      onSubmit={async (values: ServiceFormValues) => {
        const service = await create.mutateAsync({ ...values, account_id: accountId });
        return `${service.name} created. It is being provisioned.`;
      }}
    >
      {(form) => (catalogue ? <ServiceForm types={ALL_TYPES} catalogue={catalogue} withJwt submitLabel="Create service" {...form} /> : null)}
    </FormModal>
  );
}
