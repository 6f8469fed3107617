import { FormModal } from '../../../lib/ui/form-modal';
import { rangeText, useCreatePortRange, type PortRangeFields } from '../api/port-ranges.api';
import { PortRangeForm } from './port-range-form';

/** "New port range" in a 640 px modal (spec §9); the form is rebuilt empty on every opening. */
export function CreatePortRangeModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreatePortRange();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="New port range"
      mutations={[create]}
      onSubmit={async (fields: PortRangeFields) => `Port range ${rangeText(await create.mutateAsync(fields))} created.`}
    >
      {(form) => <PortRangeForm {...form} />}
    </FormModal>
  );
}
