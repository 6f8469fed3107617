import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Button, Modal, Select, Stack, TextInput } from '@mantine/core';
import { UiDefaults } from '@keydeck/contract/messages';
import { ROOT_GROUP, serviceUserGroupInput, type ServiceUserGroup } from '@keydeck/contract/service-users';
import type { ServicePermissions } from '@keydeck/contract/services';
import { showToast } from '../../../lib/toasts';
import { useFormRefusals } from '../../../lib/use-form-refusals';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { useCreateGroups, useUpdateGroup, type ServiceRef } from '../api/service-users.api';
import { PermissionMatrix } from './permission-matrix';

type Fields = z.output<typeof serviceUserGroupInput>;
const FIELDS = ['group_name', 'parent', 'permissions'] as const;
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
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={group ? `Change the group ${group.name}` : 'New group'}
      size={UiDefaults.modalWidth}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened ? <GroupForm service={service} group={group} groups={groups} onClose={onClose} /> : null}
    </Modal>
  );
}

function GroupForm({ service, group, groups, onClose }: Omit<GroupFormModalProps, 'opened'>) {
  const create = useCreateGroups(service);
  const update = useUpdateGroup(service);
  const [name, setName] = useState(group?.name ?? '');
  const [parent, setParent] = useState(group?.parent ?? ROOT_GROUP);
  const [permissions, setPermissions] = useState<ServicePermissions>(group?.permissions ?? {});
  const { formRef, errors, message, clear, submit: send } = useFormRefusals({
    fields: FIELDS,
    batchPrefix: BATCH_PREFIX,
    onSubmit: async (fields: Fields) => {
      if (group) await update.mutateAsync(fields);
      else await create.mutateAsync({ action: 'create', groups: [fields] });
      showToast({ color: 'success', message: group ? `Group ${fields.group_name} changed.` : `Group ${fields.group_name} created.` });
      onClose();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    send(event, () => serviceUserGroupInput.safeParse({ group_name: name, parent, permissions }));
  };
  // A group cannot sit under itself (the server also refuses deeper cycles).
  const parents = [ROOT_GROUP, ...groups.map((g) => g.name).filter((n) => n !== group?.name)];

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={group ? 'Change group' : 'New group'}>
      <Stack gap="md">
        <FormAlert message={message} />
        <TextInput
          label="Name"
          withAsterisk
          data-autofocus
          disabled={group !== undefined}
          value={name}
          error={errors.group_name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            clear('group_name');
          }}
        />
        <Select
          label="Parent"
          description="Groups without a parent sit under Root"
          data={parents}
          searchable
          allowDeselect={false}
          value={parent}
          error={errors.parent}
          onChange={(value) => {
            setParent(value ?? ROOT_GROUP);
            clear('parent');
          }}
        />
        <PermissionMatrix value={permissions} onChange={setPermissions} />
        <FormFooter
          submitLabel={group ? 'Save changes' : 'Create group'}
          pending={create.isPending || update.isPending}
          actions={
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
          }
        />
      </Stack>
    </form>
  );
}
