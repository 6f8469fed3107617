import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { provisionerGroupFields, type ProvisionerGroup, type ProvisionerGroupFields } from '@keydeck/contract/provisioners';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { TextareaField } from '../../../lib/ui/textarea-field';
import { FORM_STATUSES } from '../api/infrastructure-keys';
import { useSaveProvisionerGroup } from '../api/provisioners.api';
import { ZoneField } from './reference-fields';

interface ProvisionerGroupModalProps {
  editing: ProvisionerGroup | 'new' | null;
  onClose: () => void;
}

/** Create or edit a placement group: the provisioners a blueprint's HSMs land on, and the zone of their addresses. */
export function ProvisionerGroupModal({ editing, onClose }: ProvisionerGroupModalProps) {
  const save = useSaveProvisionerGroup();
  const group = editing === 'new' ? undefined : (editing ?? undefined);
  return (
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      title={group ? `Edit provisioner group ${group.name}` : 'New provisioner group'}
      mutations={[save]}
      onSubmit={async (fields: ProvisionerGroupFields) => {
        const saved = await save.mutateAsync({ id: group?.id, fields });
        return `Provisioner group ${saved.name} ${group ? 'saved' : 'created'}.`;
      }}
    >
      {(form) => <ProvisionerGroupForm group={group} submitLabel={group ? 'Save changes' : 'Create group'} {...form} />}
    </FormModal>
  );
}

interface ProvisionerGroupFormProps {
  group?: ProvisionerGroup;
  onSubmit: (fields: ProvisionerGroupFields) => Promise<unknown>;
  pending: boolean;
  submitLabel: string;
  actions?: ReactNode;
}

function ProvisionerGroupForm({ group, onSubmit, pending, submitLabel, actions }: ProvisionerGroupFormProps) {
  const form = useContractForm({
    schema: provisionerGroupFields,
    defaultValues: { name: group?.name ?? '', zone_id: group?.zone_id ?? '', description: group?.description ?? '' },
    statuses: FORM_STATUSES,
    onSubmit,
  });
  return (
    <ContractForm form={form} aria-label={group ? `Provisioner group ${group.name}` : 'New provisioner group'}>
      <Stack gap="md">
        <FormAlert />
        <TextField name="name" label="Name" withAsterisk data-autofocus placeholder="fra1-general" />
        <ZoneField name="zone_id" label="IPAM zone" description="HSMs placed through this group take their addresses from this zone" />
        <TextareaField name="description" label="Description" autosize minRows={2} maxRows={5} />
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </ContractForm>
  );
}
