import { Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { deviceModelName } from '@keydeck/contract/devices';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { ModelField } from './model-field';

/** A model, or '' to take the devices' model away. */
const choice = z.object({ device_model: z.union([z.literal(''), deviceModelName]) });
type Choice = z.output<typeof choice>;

interface AssignModelModalProps {
  serviceId: string;
  opened: boolean;
  /** What the batch acts on, in words ("3 devices"). */
  target: string;
  onClose: () => void;
  /** The model chosen (null: none); the batch then runs. */
  onChosen: (model: string | null) => void;
}

export function AssignModelModal({ serviceId, opened, target, onClose, onChosen }: AssignModelModalProps) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Assign a device model"
      onSubmit={async ({ device_model }: Choice) => {
        onChosen(device_model || null);
        return undefined;
      }}
    >
      {(slot) => <AssignModelForm serviceId={serviceId} target={target} {...slot} />}
    </FormModal>
  );
}

function AssignModelForm({ serviceId, target, onSubmit, pending, actions }: { serviceId: string; target: string } & FormModalSlot<Choice>) {
  const form = useContractForm({ schema: choice, defaultValues: { device_model: '' }, onSubmit });
  return (
    <ContractForm form={form} aria-label="Assign a device model">
      <Stack gap="md">
        <Text size="sm">The model of {target} becomes the one chosen here; with none chosen, their model is taken away.</Text>
        <ModelField serviceId={serviceId} name="device_model" autoFocus />
        <FormFooter submitLabel="Assign" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
