import { Stack, Text } from '@mantine/core';
import { ROTATION_OVERLAP_DEFAULT_HOURS, credentialRotate, type Credential, type CredentialRotate, type CredentialWithSecret } from '@keydeck/contract/credentials';
import { useContractForm } from '../../../lib/use-contract-form';
import { SelectField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { useRotateCredential } from '../api/credentials.api';

const OVERLAPS = [
  { value: '0', label: 'None: the current secret stops working now' },
  { value: '1', label: '1 hour' },
  { value: '24', label: '1 day' },
  { value: '72', label: '3 days' },
  { value: '168', label: '7 days' },
];

function RotateForm({ credential, onSubmit, pending, actions }: FormModalSlot<CredentialRotate> & { credential: Credential }) {
  const form = useContractForm({ schema: credentialRotate, defaultValues: { overlap_hours: ROTATION_OVERLAP_DEFAULT_HOURS }, onSubmit });
  return (
    <ContractForm form={form} aria-label={`Rotate the secret of ${credential.name}`}>
      <Stack gap="md">
        <FormAlert />
        <Text size="sm">A new secret is made and shown once. Callers switch to it while the current secret still works.</Text>
        <SelectField name="overlap_hours" numeric label="Current secret keeps working for" data={OVERLAPS} allowDeselect={false} />
        <FormFooter actions={actions} submitLabel="Rotate secret" pending={pending} />
      </Stack>
    </ContractForm>
  );
}

interface RotateCredentialModalProps {
  accountId: string;
  credential: Credential | null;
  onClose: () => void;
  onRotated: (rotated: CredentialWithSecret['data']) => void;
}

/** Rotates a credential's secret with an overlap window (0-7 days); the new secret goes to onRotated, shown once. */
export function RotateCredentialModal({ accountId, credential, onClose, onRotated }: RotateCredentialModalProps) {
  const rotate = useRotateCredential(accountId);
  return (
    <FormModal
      opened={credential !== null}
      onClose={onClose}
      title={`Rotate the secret of ${credential?.name ?? ''}`}
      mutations={[rotate]}
      onSubmit={async (fields: CredentialRotate) => {
        onRotated(await rotate.mutateAsync({ id: credential!.id, ...fields }));
        return undefined;
      }}
    >
      {(slot) => (credential ? <RotateForm credential={credential} {...slot} /> : null)}
    </FormModal>
  );
}
