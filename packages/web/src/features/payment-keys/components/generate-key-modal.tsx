import { Stack, Text } from '@mantine/core';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { emptyKeyAttributes, keyAttributeFields, type KeyAttributes } from '../../../lib/key-attributes';
import { KeyAttributeFields, KeyGroupField } from '../../../lib/ui/key-attribute-fields';
import { keyFormErrors, RowRefused } from '../api/key-forms';
import { useCreateSymmetricKey } from '../api/symmetric-keys.api';
import { isPendingApproval, pendingText } from '../../../lib/approvals';

interface GenerateKeyModalProps {
  serviceId: string;
  opened: boolean;
  /** The group the key list shows, offered first. */
  group: string | undefined;
  onClose: () => void;
}

/** A new key made by the keystore's random generator; nobody ever sees its value, only its KCV. */
export function GenerateKeyModal({ serviceId, opened, group, onClose }: GenerateKeyModalProps) {
  const create = useCreateSymmetricKey(serviceId);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Generate a key"
      mutations={[create]}
      onSubmit={async (attributes: KeyAttributes) => {
        const result = await create.mutateAsync({ source: 'generate', ...attributes });
        if (isPendingApproval(result)) return pendingText(result);
        if (!result.success) throw new RowRefused(result.message);
        return result.message;
      }}
    >
      {(slot) => <GenerateKeyForm serviceId={serviceId} group={group} {...slot} />}
    </FormModal>
  );
}

function GenerateKeyForm({ serviceId, group, onSubmit, pending, actions }: { serviceId: string; group: string | undefined } & FormModalSlot<KeyAttributes>) {
  const defaultValues = emptyKeyAttributes(group);
  const form = useContractForm({ schema: keyAttributeFields, defaultValues, onSubmit, errorView: keyFormErrors(Object.keys(defaultValues)) });
  return (
    <ContractForm form={form} aria-label="Generate a key">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The keystore generates the key; its value never leaves it in the clear. You see its key check value (KCV) once it exists.
        </Text>
        <FormAlert />
        <TextField name="name" label="Name" withAsterisk data-autofocus autoComplete="off" />
        <KeyGroupField serviceId={serviceId} name="group" label="Key group" withAsterisk />
        <KeyAttributeFields />
        <FormFooter submitLabel="Generate key" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
