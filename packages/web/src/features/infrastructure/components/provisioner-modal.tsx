import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { provisionerUpdate, type Provisioner, type ProvisionerUpdate } from '@keydeck/contract/provisioners';
import { useContractForm } from '../../../lib/use-contract-form';
import { SwitchField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal } from '../../../lib/ui/form-modal';
import { FORM_STATUSES } from '../api/infrastructure-keys';
import { useUpdateProvisioner } from '../api/provisioners.api';
import { ProvisionerGroupField } from './reference-fields';

/** Provisioners register themselves: an administrator places one in a group and drains it. */
export function ProvisionerModal({ provisioner, onClose }: { provisioner: Provisioner | null; onClose: () => void }) {
  const update = useUpdateProvisioner();
  return (
    <FormModal
      opened={provisioner !== null}
      onClose={onClose}
      title={provisioner ? `Edit provisioner ${provisioner.name}` : ''}
      mutations={[update]}
      onSubmit={async (change: ProvisionerUpdate) => {
        const saved = await update.mutateAsync({ id: provisioner!.id, change });
        return `Provisioner ${saved.name} saved.`;
      }}
    >
      {(form) => (provisioner ? <ProvisionerForm provisioner={provisioner} {...form} /> : null)}
    </FormModal>
  );
}

interface ProvisionerFormProps {
  provisioner: Provisioner;
  onSubmit: (change: ProvisionerUpdate) => Promise<unknown>;
  pending: boolean;
  actions?: ReactNode;
}

export function ProvisionerForm({ provisioner, onSubmit, pending, actions }: ProvisionerFormProps) {
  const form = useContractForm({
    schema: provisionerUpdate,
    defaultValues: { group_id: provisioner.group_id, draining: provisioner.draining },
    statuses: FORM_STATUSES,
    onSubmit,
  });
  return (
    <ContractForm form={form} aria-label={`Provisioner ${provisioner.name}`}>
      <Stack gap="md">
        <FormAlert />
        <Text size="sm" c="dimmed">
          {provisioner.kind} on {provisioner.host} · version {provisioner.version}
        </Text>
        <ProvisionerGroupField
          name="group_id"
          label="Provisioner group"
          description="Blueprints of this group place their HSMs on it; in no group it takes none"
          noneLabel="No group"
        />
        <SwitchField
          name="draining"
          label="Draining"
          description="A draining provisioner keeps the HSMs it hosts but takes no new ones"
        />
        <FormFooter actions={actions} submitLabel="Save changes" pending={pending} />
      </Stack>
    </ContractForm>
  );
}
