import '@mantine/core/styles/Skeleton.css';
import { Alert, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@keydeck/contract/users';
import { useSession } from '../../../lib/session';
import { FormModal } from '../../../lib/ui/form-modal';
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
    if (user) return `User ${(await update.mutateAsync({ id: user.id, ...fields, disabled })).username} saved.`;
    return `User ${(await invite.mutateAsync({ ...fields, username: username ?? '' })).username} invited.`;
  };

  return (
    <FormModal opened={target !== null} onClose={onClose} title={user ? `Edit user ${user.username}` : 'Invite user'} mutations={[invite, update]} onSubmit={save}>
      {(form) => (
        <Stack gap="md">
          {user ? null : (
            <Alert color="info" variant="light" title="An invitation email is sent" data-testid="invite-notice">
              The new user gets an email with a link to choose their password; it works once, for 72 hours. They can sign in as
              soon as they have chosen it.
            </Alert>
          )}
          {roles.data ? (
            <UserForm user={user} roles={roles.data} held={held} submitLabel={user ? 'Save user' : 'Invite user'} {...form} />
          ) : roles.isError ? (
            <Alert color="error" variant="light" title="The roles could not be loaded">
              {roles.error.message}
            </Alert>
          ) : (
            <Skeleton height={320} aria-label="Loading the roles" />
          )}
        </Stack>
      )}
    </FormModal>
  );
}
