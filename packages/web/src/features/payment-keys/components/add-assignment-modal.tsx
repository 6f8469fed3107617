import { SimpleGrid, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { KEY_SLOT_MAX, keyAssignmentsCreateBody } from '@keydeck/contract/payment-keys';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { NumberField } from '../../../lib/ui/number-field';
import { keyChoice, keyFormErrors, RowRefused } from '../api/key-forms';
import { useCreateKeyAssignments } from '../api/key-assignments.api';
import { ActiveKeyField, DeviceGroupField } from './key-pickers';

const row = keyAssignmentsCreateBody.shape.key_assignments.element.shape;
const fields = z.object({ group: row.group, key_slot: row.key_slot, key: keyChoice('Choose a key') });
type Fields = z.output<typeof fields>;
// The server names a refused field by its place in the batch: key_assignments.0.key_slot.
const ASSIGNMENT_PREFIX = /^key_assignments\.\d+\./;

/** Puts an active key into a key slot of a device group: every device of the group loads it there. */
export function AddAssignmentModal({ serviceId, opened, onClose }: { serviceId: string; opened: boolean; onClose: () => void }) {
  const create = useCreateKeyAssignments(serviceId);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Assign a key to a key slot"
      mutations={[create]}
      onSubmit={async (assignment: Fields) => {
        const [result] = (await create.mutateAsync([assignment])).results;
        if (!result?.success) throw new RowRefused(result?.message ?? 'The assignment was not made.');
        return result.message;
      }}
    >
      {(slot) => <AddAssignmentForm serviceId={serviceId} {...slot} />}
    </FormModal>
  );
}

function AddAssignmentForm({ serviceId, onSubmit, pending, actions }: { serviceId: string } & FormModalSlot<Fields>) {
  const defaultValues = { group: '', key_slot: undefined as number | undefined, key: '' };
  const form = useContractForm({ schema: fields, defaultValues, onSubmit, errorView: keyFormErrors(Object.keys(defaultValues), ASSIGNMENT_PREFIX) });
  return (
    <ContractForm form={form} aria-label="Assign a key to a key slot">
      <Stack gap="md">
        <FormAlert />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DeviceGroupField serviceId={serviceId} name="group" label="Device group" placeholder="Search device groups" withAsterisk data-autofocus />
          <NumberField name="key_slot" label="Key slot" description={`0 to ${KEY_SLOT_MAX}`} min={0} max={KEY_SLOT_MAX} withAsterisk />
        </SimpleGrid>
        <ActiveKeyField serviceId={serviceId} name="key" label="Key" placeholder="Search active keys" withAsterisk />
        <Text size="sm" c="dimmed">
          In a DUKPT key group, a base derivation key (B0) in a slot gives each device its own initial key, derived from its serial number&apos;s KSN.
        </Text>
        <FormFooter submitLabel="Assign key" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
