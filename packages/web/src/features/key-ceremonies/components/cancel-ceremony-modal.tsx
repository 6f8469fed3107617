import { keyCeremonyCancel, type KeyCeremony } from '@keydeck/contract/key-ceremonies';
import { useCancelCeremony } from '../api/key-ceremonies.api';
import { cancelledCeremony } from '../api/ceremony-texts';
import { ReasonModal } from './reason-modal';

interface CancelCeremonyModalProps {
  serviceId: string;
  ceremony: KeyCeremony | null;
  onClose: () => void;
}

/** Ends an open ceremony, with the canceller's reason for the record. */
export function CancelCeremonyModal({ serviceId, ceremony, onClose }: CancelCeremonyModalProps) {
  const cancel = useCancelCeremony(serviceId);
  return (
    <ReasonModal
      record={ceremony}
      onClose={onClose}
      title={(record) => `Cancel the key ceremony for ${record.name}`}
      label="Cancel the key ceremony"
      submitLabel="Cancel ceremony"
      explanation="The components entered so far are destroyed; the ceremony takes no more. Its record keeps your reason."
      schema={keyCeremonyCancel}
      mutations={[cancel]}
      onSubmit={async (record, reason) => {
        await cancel.mutateAsync({ id: record.id, reason });
        return cancelledCeremony(record.name);
      }}
    />
  );
}
