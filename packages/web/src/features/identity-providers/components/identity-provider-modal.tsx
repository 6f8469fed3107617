import type { IdentityProvider, IdentityProviderFields } from '@keydeck/contract/identity-providers';
import { FormModal } from '../../../lib/ui/form-modal';
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
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      title={provider ? `Edit ${provider.name}` : 'New identity provider'}
      mutations={[save]}
      onSubmit={async (fields: IdentityProviderFields) => {
        const saved = await save.mutateAsync({ id: provider?.id, fields });
        return `Identity provider ${saved.name} ${provider ? 'saved' : 'added'}.`;
      }}
    >
      {(form) => <IdentityProviderForm provider={provider} submitLabel={provider ? 'Save changes' : 'Add provider'} {...form} />}
    </FormModal>
  );
}
