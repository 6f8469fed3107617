import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Alert, Button, Modal } from '@mantine/core';
import { UiDefaults } from '@keydeck/contract/messages';
import { Permission } from '@keydeck/contract/permissions';
import type { Role } from '@keydeck/contract/roles';
import { useCan } from '../../../lib/can';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toasts';
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

  const save = async (fields: { name: string; permissions: string[] }) => {
    if (role) {
      const saved = await update.mutateAsync({ id: role.id, ...fields });
      showToast({ color: 'success', message: `Role ${saved.name} saved.` });
    } else {
      const created = await create.mutateAsync(fields);
      showToast({ color: 'success', message: `Role ${created.name} created.` });
    }
    onClose();
  };

  return (
    <Modal opened={target !== null} onClose={onClose} title={title} size={UiDefaults.modalWidth} closeButtonProps={{ 'aria-label': 'Close' }}>
      {target !== null ? (
        <>
          {role?.built_in ? (
            <Alert color="info" variant="light" mb="md">
              Every account has this built-in role. Its permissions are shown here and cannot be changed.
            </Alert>
          ) : null}
          <RoleForm
            key={role?.id ?? 'new'}
            role={role}
            held={held}
            readOnly={readOnly}
            pending={create.isPending || update.isPending}
            submitLabel={role ? 'Save role' : 'Create role'}
            onSubmit={save}
            actions={
              <Button variant="default" onClick={onClose}>
                {readOnly ? 'Close' : 'Cancel'}
              </Button>
            }
          />
        </>
      ) : null}
    </Modal>
  );
}
