import { Alert } from '@mantine/core';
import { Permission } from '@keydeck/contract/permissions';
import type { Role, RoleFields } from '@keydeck/contract/roles';
import { useCan } from '../../../lib/can';
import { useSession } from '../../../lib/session';
import { FormModal } from '../../../lib/ui/form-modal';
import { useCreateRole, useUpdateRole } from '../api/roles.api';
import { RoleForm } from './role-form';

/** 'new' creates a role; a role is edited, or only shown when it is built in or the user may not change roles. */
export type RoleTarget = Role | 'new' | null;

interface RoleModalProps {
  accountId: string | undefined;
  target: RoleTarget;
  onClose: () => void;
}

/** The role form in a 640 px modal (spec §9), rebuilt for every opening. */
export function RoleModal({ accountId, target, onClose }: RoleModalProps) {
  const held = useSession()?.permissions ?? [];
  const mayManage = useCan(Permission.rolesManage);
  const create = useCreateRole(accountId);
  const update = useUpdateRole(accountId);
  const role = target === 'new' ? undefined : (target ?? undefined);
  const readOnly = Boolean(role && (role.built_in || !mayManage));
  const title = !role ? 'New role' : readOnly ? `Role ${role.name}` : `Edit role ${role.name}`;

  const save = async (fields: RoleFields) => {
    if (role) return `Role ${(await update.mutateAsync({ id: role.id, ...fields })).name} saved.`;
    return `Role ${(await create.mutateAsync(fields)).name} created.`;
  };

  return (
    <FormModal opened={target !== null} onClose={onClose} title={title} mutations={[create, update]} onSubmit={save} cancelLabel={readOnly ? 'Close' : 'Cancel'}>
      {(form) => (
        <>
          {role?.built_in ? (
            <Alert color="info" variant="light" mb="md">
              Every account has this built-in role. Its permissions are shown here and cannot be changed.
            </Alert>
          ) : null}
          <RoleForm role={role} held={held} readOnly={readOnly} submitLabel={role ? 'Save role' : 'Create role'} {...form} />
        </>
      )}
    </FormModal>
  );
}
