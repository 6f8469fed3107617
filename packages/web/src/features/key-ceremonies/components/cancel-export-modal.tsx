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
      opened={exp !== null}
      onClose={onClose}
      title={exp ? `Cancel the component export of ${exp.key}` : ''}
      label="Cancel the component export"
      submitLabel="Cancel export"
      explanation="The components not revealed yet are destroyed; the key itself stays. The export's record keeps your reason."
      schema={keyComponentExportCancel}
      mutations={[cancel]}
      onSubmit={async (reason) => {
        if (!exp) return undefined;
        await cancel.mutateAsync({ id: exp.id, reason });
        return cancelledExport(exp.key);
      }}
    />
  );
}
