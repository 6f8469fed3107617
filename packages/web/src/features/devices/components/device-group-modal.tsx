import { Stack } from '@mantine/core';
import { z } from 'zod';
import { deviceGroupName } from '@keydeck/contract/devices';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { useCreateDeviceGroup, useRenameDeviceGroup } from '../api/device-groups.api';

const fields = z.object({ group_name: deviceGroupName });
type Fields = z.output<typeof fields>;
// The server names a refused new name by its place in the batch: groups.0.group_name.
const BATCH_PREFIX = /^groups\.\d+\./;

interface DeviceGroupModalProps {
  serviceId: string;
  opened: boolean;
  /** The group to rename; without it the modal creates one. */
  group?: string | undefined;
  onClose: () => void;
}

/** Creates a device group, or renames one (its devices follow the new name); the name is checked the same way. */
export function DeviceGroupModal({ serviceId, opened, group, onClose }: DeviceGroupModalProps) {
  const create = useCreateDeviceGroup(serviceId);
  const rename = useRenameDeviceGroup(serviceId);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={group ? `Rename the device group ${group}` : 'New device group'}
      mutations={[create, rename]}
      onSubmit={async ({ group_name }: Fields) => {
        if (group) await rename.mutateAsync({ oldName: group, name: group_name });
        else await create.mutateAsync(group_name);
        return group ? `Device group ${group} renamed to ${group_name}.` : `Device group ${group_name} created.`;
      }}
    >
      {(slot) => <DeviceGroupForm group={group} {...slot} />}
    </FormModal>
  );
}

function DeviceGroupForm({ group, onSubmit, pending, actions }: { group: string | undefined } & FormModalSlot<Fields>) {
  const form = useContractForm({ schema: fields, defaultValues: { group_name: group ?? '' }, batchPrefix: BATCH_PREFIX, onSubmit });
  return (
    <ContractForm form={form} aria-label={group ? 'Rename device group' : 'New device group'}>
      <Stack gap="md">
        <FormAlert />
        <TextField name="group_name" label="Name" withAsterisk data-autofocus autoComplete="off" />
        <FormFooter submitLabel={group ? 'Rename' : 'Create group'} pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
