import { Stack } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { ROOT_GROUP, serviceUserGroupInput, type ServiceUserGroup } from '@keydeck/contract/service-users';
import { useContractForm } from '../../../lib/use-contract-form';
import { SelectField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { useCreateGroups, useUpdateGroup, type ServiceRef } from '../api/service-users.api';
import { PermissionMatrix } from './permission-matrix';

type Fields = z.output<typeof serviceUserGroupInput>;
const BATCH_PREFIX = /^groups\.\d+\./;

interface GroupFormModalProps {
  service: ServiceRef;
  /** The group to change; without it the modal creates one. */
  group?: ServiceUserGroup;
  groups: ServiceUserGroup[];
  opened: boolean;
  onClose: () => void;
}

/** Creates a group or changes one's parent and permissions; the name is fixed once created. */
export function GroupFormModal({ service, group, groups, opened, onClose }: GroupFormModalProps) {
  const create = useCreateGroups(service);
  const update = useUpdateGroup(service);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={group ? `Change the group ${group.name}` : 'New group'}
      mutations={[create, update]}
      onSubmit={async (fields: Fields) => {
        if (group) await update.mutateAsync(fields);
        else await create.mutateAsync({ action: 'create', groups: [fields] });
        return group ? `Group ${fields.group_name} changed.` : `Group ${fields.group_name} created.`;
      }}
    >
      {(form) => <GroupForm group={group} groups={groups} {...form} />}
    </FormModal>
  );
}

function GroupForm({ group, groups, onSubmit, pending, actions }: { group?: ServiceUserGroup; groups: ServiceUserGroup[] } & FormModalSlot<Fields>) {
  const form = useContractForm({
    schema: serviceUserGroupInput,
    defaultValues: { group_name: group?.name ?? '', parent: group?.parent ?? ROOT_GROUP, permissions: group?.permissions ?? {} },
    batchPrefix: BATCH_PREFIX,
    onSubmit,
  });
  // A group cannot sit under itself (the server also refuses deeper cycles).
  const parents = [ROOT_GROUP, ...groups.map((g) => g.name).filter((n) => n !== group?.name)];

  return (
    <ContractForm form={form} aria-label={group ? 'Change group' : 'New group'}>
      <Stack gap="md">
        <FormAlert />
        <TextField name="group_name" label="Name" withAsterisk data-autofocus disabled={group !== undefined} />
        <SelectField name="parent" label="Parent" description="Groups without a parent sit under Root" data={parents} searchable allowDeselect={false} />
        <Controller name="permissions" control={form.control} render={({ field }) => <PermissionMatrix value={field.value ?? {}} onChange={field.onChange} />} />
        <FormFooter submitLabel={group ? 'Save changes' : 'Create group'} pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
