import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, Modal, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { UiDefaults } from '@keydeck/contract/messages';
import type { User } from '@keydeck/contract/users';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toasts';
import { roleChoicesQueryOptions } from '../api/roles.api';
import { useInviteUser, useUpdateUser } from '../api/users.api';
import { UserForm, type UserFormOutput } from './user-form';

/** 'new' invites a user; a user is edited. */
export type UserTarget = User | 'new' | null;

interface UserModalProps {
  accountId: string | undefined;
  target: UserTarget;
  onClose: () => void;
}

/** Invite and edit in a 640 px modal (spec §9); the form is rebuilt for every opening. */
export function UserModal({ accountId, target, onClose }: UserModalProps) {
  const held = useSession()?.permissions ?? [];
  const roles = useQuery({ ...roleChoicesQueryOptions(accountId), enabled: target !== null });
  const invite = useInviteUser(accountId);
  const update = useUpdateUser(accountId);
  const user = target === 'new' ? undefined : (target ?? undefined);

  const save = async ({ username, disabled, ...fields }: UserFormOutput) => {
    if (user) {
      const saved = await update.mutateAsync({ id: user.id, ...fields, disabled });
      showToast({ color: 'success', message: `User ${saved.username} saved.` });
    } else {
      const invited = await invite.mutateAsync({ ...fields, username: username ?? '' });
      showToast({ color: 'success', message: `User ${invited.username} invited.` });
    }
    onClose();
  };

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={user ? `Edit user ${user.username}` : 'Invite user'}
      size={UiDefaults.modalWidth}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {target === null ? null : (
        <Stack gap="md">
          {user ? null : (
            <Alert color="info" variant="light" title="An invitation email is sent" data-testid="invite-notice">
              The new user gets an email with a link to choose their password; it works once, for 72 hours. They can sign in as
              soon as they have chosen it.
            </Alert>
          )}
          {roles.data ? (
            <UserForm
              key={user?.id ?? 'new'}
              user={user}
              roles={roles.data}
              held={held}
              pending={invite.isPending || update.isPending}
              submitLabel={user ? 'Save user' : 'Invite user'}
              onSubmit={save}
              actions={
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
              }
            />
          ) : roles.isError ? (
            <Alert color="error" variant="light" title="The roles could not be loaded">
              {roles.error.message}
            </Alert>
          ) : (
            <Skeleton height={320} aria-label="Loading the roles" />
          )}
        </Stack>
      )}
    </Modal>
  );
}
