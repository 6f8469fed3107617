import type { License, LicenseFields } from '@keydeck/contract/licenses';
import { FormModal } from '../../../lib/ui/form-modal';
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
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      title={license ? `Edit license ${license.license_key}` : 'New license'}
      mutations={[save]}
      onSubmit={async (fields: LicenseFields) => {
        const saved = await save.mutateAsync(license ? { ...fields, id: license.id } : fields);
        return `License ${saved.license_key} ${license ? 'saved' : 'added'}.`;
      }}
    >
      {(form) => <LicenseForm license={license} {...form} />}
    </FormModal>
  );
}
