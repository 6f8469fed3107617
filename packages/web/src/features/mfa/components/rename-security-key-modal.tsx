import { Stack } from '@mantine/core';
import { securityKeyNameRequest, type SecurityKey, type SecurityKeyNameRequest } from '@keydeck/contract/security-keys';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { useRenameSecurityKey } from '../api/security-keys.api';

/** Renames one of the user's security keys; the name only tells the keys apart in this list. */
export function RenameSecurityKeyModal({ securityKey, onClose }: { securityKey: SecurityKey | null; onClose: () => void }) {
  const rename = useRenameSecurityKey();
  return (
    <FormModal
      opened={securityKey !== null}
      onClose={onClose}
      title="Rename security key"
      mutations={[rename]}
      onSubmit={async ({ name }: SecurityKeyNameRequest) => {
        const { security_key } = await rename.mutateAsync({ id: securityKey!.id, name });
        return `Security key renamed to ${security_key.name}.`;
      }}
    >
      {(form) => <RenameForm name={securityKey!.name} {...form} />}
    </FormModal>
  );
}

function RenameForm({ name, onSubmit, pending, actions }: { name: string } & FormModalSlot<SecurityKeyNameRequest>) {
  const form = useContractForm({ schema: securityKeyNameRequest, defaultValues: { name }, onSubmit });
  return (
    <ContractForm form={form} aria-label="Rename security key">
      <Stack gap="md">
        <FormAlert />
        <TextField name="name" label="Name" withAsterisk data-autofocus />
        <FormFooter submitLabel="Rename" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
