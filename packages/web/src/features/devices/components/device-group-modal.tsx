import { Stack } from '@mantine/core';
import { z } from 'zod';
import { deviceGroupName } from '@keydeck/contract/devices';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { useCreateDeviceGroup } from '../api/device-groups.api';

const fields = z.object({ group_name: deviceGroupName });
type Fields = z.output<typeof fields>;
// The server names a refused name by its place in the batch: groups.0.group_name.
const BATCH_PREFIX = /^groups\.\d+\./;

export function CreateGroupModal({ serviceId, opened, onClose }: { serviceId: string; opened: boolean; onClose: () => void }) {
  const create = useCreateDeviceGroup(serviceId);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="New device group"
      mutations={[create]}
      onSubmit={async ({ group_name }: Fields) => {
        await create.mutateAsync(group_name);
        return `Device group ${group_name} created.`;
      }}
    >
      {(slot) => <CreateGroupForm {...slot} />}
    </FormModal>
  );
}

function CreateGroupForm({ onSubmit, pending, actions }: FormModalSlot<Fields>) {
  const form = useContractForm({ schema: fields, defaultValues: { group_name: '' }, batchPrefix: BATCH_PREFIX, onSubmit });
  return (
    <ContractForm form={form} aria-label="New device group">
      <Stack gap="md">
        <FormAlert />
        <TextField name="group_name" label="Name" withAsterisk data-autofocus autoComplete="off" />
        <FormFooter submitLabel="Create group" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
