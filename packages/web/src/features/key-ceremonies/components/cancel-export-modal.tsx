import { keyComponentExportCancel, type KeyComponentExport } from '@keydeck/contract/key-ceremonies';
import { useCancelComponentExport } from '../api/component-exports.api';
import { cancelledExport } from '../api/ceremony-texts';
import { ReasonModal } from './reason-modal';

interface CancelExportModalProps {
  serviceId: string;
  exp: KeyComponentExport | null;
  onClose: () => void;
}

/** Ends an open component export, with the canceller's reason for the record. */
export function CancelExportModal({ serviceId, exp, onClose }: CancelExportModalProps) {
  const cancel = useCancelComponentExport(serviceId);
  return (
    <ReasonModal
      record={exp}
      onClose={onClose}
      title={(record) => `Cancel the component export of ${record.key}`}
      label="Cancel the component export"
      submitLabel="Cancel export"
      explanation="The components not revealed yet are destroyed; the key itself stays. The export's record keeps your reason."
      schema={keyComponentExportCancel}
      mutations={[cancel]}
      onSubmit={async (record, reason) => {
        await cancel.mutateAsync({ id: record.id, reason });
        return cancelledExport(record.key);
      }}
    />
  );
}
