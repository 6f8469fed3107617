import { Stack } from '@mantine/core';
import { z } from 'zod';
import { deviceModelName } from '@keydeck/contract/devices';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { useCreateDeviceModel, useRenameDeviceModel } from '../api/device-models.api';

const fields = z.object({ device_model: deviceModelName });
type Fields = z.output<typeof fields>;

interface DeviceModelModalProps {
  serviceId: string;
  opened: boolean;
  /** The model to rename; without it the modal creates one. */
  model?: string | undefined;
  onClose: () => void;
}

/** Creates a device model, or renames one (its devices follow the new name). */
export function DeviceModelModal({ serviceId, opened, model, onClose }: DeviceModelModalProps) {
  const create = useCreateDeviceModel(serviceId);
  const rename = useRenameDeviceModel(serviceId);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={model ? `Rename the device model ${model}` : 'New device model'}
      mutations={[create, rename]}
      onSubmit={async ({ device_model }: Fields) => {
        if (model) await rename.mutateAsync({ oldName: model, name: device_model });
        else await create.mutateAsync(device_model);
        return model ? `Device model ${model} renamed to ${device_model}.` : `Device model ${device_model} created.`;
      }}
    >
      {(slot) => <DeviceModelForm model={model} {...slot} />}
    </FormModal>
  );
}

function DeviceModelForm({ model, onSubmit, pending, actions }: { model: string | undefined } & FormModalSlot<Fields>) {
  const form = useContractForm({ schema: fields, defaultValues: { device_model: model ?? '' }, onSubmit });
  return (
    <ContractForm form={form} aria-label={model ? 'Rename device model' : 'New device model'}>
      <Stack gap="md">
        <FormAlert />
        <TextField name="device_model" label="Name" withAsterisk data-autofocus autoComplete="off" />
        <FormFooter submitLabel={model ? 'Rename' : 'Create model'} pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
