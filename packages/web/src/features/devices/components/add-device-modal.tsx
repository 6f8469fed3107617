import { SimpleGrid, Stack } from '@mantine/core';
import { z } from 'zod';
import { deviceGroupName, deviceModelName, newDevice } from '@keydeck/contract/devices';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { useCreateDevices } from '../api/devices.api';
import { GroupField } from './group-field';
import { ModelField } from './model-field';

/** The contract's new device; a picker left empty holds '' (no model, or a group still to choose). */
const fields = newDevice.extend({
  group: z.string().min(1, 'Choose a group').pipe(deviceGroupName),
  device_model: z.union([z.literal(''), deviceModelName]),
});
type Fields = z.output<typeof fields>;
// The server names a refused field by its place in the batch: devices.0.serial.
const BATCH_PREFIX = /^devices\.\d+\./;

/** Adds one device to a group, with a model if wanted. */
export function AddDeviceModal({ serviceId, opened, onClose }: { serviceId: string; opened: boolean; onClose: () => void }) {
  const create = useCreateDevices(serviceId);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Add a device"
      mutations={[create]}
      onSubmit={async ({ serial, group, device_model }: Fields) => {
        await create.mutateAsync({ devices: [{ serial, group, device_model: device_model || null }] });
        return `Device ${serial} added to ${group}.`;
      }}
    >
      {(slot) => <AddDeviceForm serviceId={serviceId} {...slot} />}
    </FormModal>
  );
}

function AddDeviceForm({ serviceId, onSubmit, pending, actions }: { serviceId: string } & FormModalSlot<Fields>) {
  const form = useContractForm({ schema: fields, defaultValues: { serial: '', group: '', device_model: '' }, batchPrefix: BATCH_PREFIX, onSubmit });
  return (
    <ContractForm form={form} aria-label="Add a device">
      <Stack gap="md">
        <FormAlert />
        <TextField name="serial" label="Serial" withAsterisk data-autofocus autoComplete="off" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <GroupField serviceId={serviceId} name="group" label="Group" placeholder="Search groups" withAsterisk />
          <ModelField serviceId={serviceId} name="device_model" />
        </SimpleGrid>
        <FormFooter submitLabel="Add device" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
