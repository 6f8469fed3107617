import { Radio, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { deviceGroupsDeleteBody } from '@keydeck/contract/devices';
import { useContractForm } from '../../../lib/use-contract-form';
import { RadioGroupField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { useDeleteDeviceGroups } from '../api/device-groups.api';
import { lineOf, type ReportLine } from '../api/device-report';
import { GroupField } from './group-field';

/** What becomes of the groups' devices; the contract's rule that a move names its group, on the picker. */
const fields = z
  .object({ with_devices: deviceGroupsDeleteBody.shape.with_devices.unwrap(), move_to: z.string() })
  .refine((f) => f.with_devices !== 'move' || f.move_to !== '', { message: 'Choose the group the devices move to', path: ['move_to'] });
type Fields = z.output<typeof fields>;

interface DeleteGroupsModalProps {
  serviceId: string;
  /** The groups to delete; null while closed. */
  groups: string[] | null;
  onClose: () => void;
  /** Each group's result, in the server's words. */
  onDeleted: (lines: ReportLine[]) => void;
}

/** Deletes groups after asking what to do with their devices: refuse groups that hold any, move them, or delete them too. */
export function DeleteGroupsModal({ serviceId, groups, onClose, onDeleted }: DeleteGroupsModalProps) {
  const remove = useDeleteDeviceGroups(serviceId);
  const names = groups ?? [];
  return (
    <FormModal
      opened={groups !== null}
      onClose={onClose}
      title={names.length === 1 ? `Delete the group ${names[0]}` : `Delete ${names.length} device groups`}
      mutations={[remove]}
      onSubmit={async ({ with_devices, move_to }: Fields) => {
        const { results } = await remove.mutateAsync({ devices: names, with_devices, ...(with_devices === 'move' ? { move_to } : {}) });
        onDeleted(results.map(lineOf));
        return undefined;
      }}
    >
      {(slot) => <DeleteGroupsForm serviceId={serviceId} names={names} {...slot} />}
    </FormModal>
  );
}

function DeleteGroupsForm({ serviceId, names, onSubmit, pending, actions }: { serviceId: string; names: string[] } & FormModalSlot<Fields>) {
  const form = useContractForm({ schema: fields, defaultValues: { with_devices: 'refuse', move_to: '' }, onSubmit });
  const moving = form.watch('with_devices') === 'move';
  return (
    <ContractForm form={form} aria-label="Delete device groups">
      <Stack gap="md">
        <FormAlert />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {names.join(', ')}
        </Text>
        <RadioGroupField name="with_devices" label="Devices still in these groups">
          <Stack gap="xs" mt="xs">
            <Radio value="refuse" label="Keep them: do not delete a group that holds devices" />
            <Radio value="move" label="Move them to another group" />
            <Radio value="delete" label="Delete them with their group" />
          </Stack>
        </RadioGroupField>
        {moving ? (
          <GroupField serviceId={serviceId} name="move_to" label="Move the devices to" placeholder="Search groups" exclude={names} withAsterisk />
        ) : null}
        <FormFooter submitLabel="Delete" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
