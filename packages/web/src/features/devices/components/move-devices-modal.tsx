import { Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { deviceGroupName } from '@keydeck/contract/devices';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { GroupField } from './group-field';

const choice = z.object({ group: z.string().min(1, 'Choose a group').pipe(deviceGroupName) });
type Choice = z.output<typeof choice>;

interface MoveDevicesModalProps {
  serviceId: string;
  opened: boolean;
  /** What the batch acts on, in words ("3 devices"). */
  target: string;
  onClose: () => void;
  onChosen: (group: string) => void;
}

export function MoveDevicesModal({ serviceId, opened, target, onClose, onChosen }: MoveDevicesModalProps) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Move devices to a group"
      onSubmit={async ({ group }: Choice) => {
        onChosen(group);
        return undefined;
      }}
    >
      {(slot) => <MoveDevicesForm serviceId={serviceId} target={target} {...slot} />}
    </FormModal>
  );
}

function MoveDevicesForm({ serviceId, target, onSubmit, pending, actions }: { serviceId: string; target: string } & FormModalSlot<Choice>) {
  const form = useContractForm({ schema: choice, defaultValues: { group: '' }, onSubmit });
  return (
    <ContractForm form={form} aria-label="Move devices to a group">
      <Stack gap="md">
        <Text size="sm">Moves {target} to the group chosen here.</Text>
        <GroupField serviceId={serviceId} name="group" label="Group" placeholder="Search groups" withAsterisk data-autofocus />
        <FormFooter submitLabel="Move" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
