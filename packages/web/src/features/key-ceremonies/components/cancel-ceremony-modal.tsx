import { Stack, Text } from '@mantine/core';
import { keyCeremonyCancel, type KeyCeremony } from '@keydeck/contract/key-ceremonies';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextareaField } from '../../../lib/ui/textarea-field';
import { useContractForm } from '../../../lib/use-contract-form';
import { useCancelCeremony } from '../api/key-ceremonies.api';
import { cancelledCeremony } from '../api/ceremony-texts';

interface CancelCeremonyModalProps {
  serviceId: string;
  ceremony: KeyCeremony | null;
  onClose: () => void;
}

/** Ends an open ceremony, with the canceller's reason for the record. */
export function CancelCeremonyModal({ serviceId, ceremony, onClose }: CancelCeremonyModalProps) {
  const cancel = useCancelCeremony(serviceId);
  return (
    <FormModal
      opened={ceremony !== null}
      onClose={onClose}
      title={ceremony ? `Cancel the key ceremony for ${ceremony.name}` : ''}
      mutations={[cancel]}
      cancelLabel="Keep it open"
      onSubmit={async ({ reason }: { reason: string }) => {
        if (!ceremony) return undefined;
        await cancel.mutateAsync({ id: ceremony.id, reason });
        return cancelledCeremony(ceremony.name);
      }}
    >
      {(slot) => <CancelForm {...slot} />}
    </FormModal>
  );
}

function CancelForm({ onSubmit, pending, actions }: FormModalSlot<{ reason: string }>) {
  const form = useContractForm({ schema: keyCeremonyCancel, defaultValues: { reason: '' }, onSubmit, statuses: [400, 409] });
  return (
    <ContractForm form={form} aria-label="Cancel the key ceremony">
      <Stack gap="md">
        <Text size="sm">The components entered so far are destroyed; the ceremony takes no more. Its record keeps your reason.</Text>
        <FormAlert />
        <TextareaField name="reason" label="Reason" withAsterisk data-autofocus autosize minRows={2} />
        <FormFooter submitLabel="Cancel ceremony" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
