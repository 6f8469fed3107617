import { useQuery } from '@tanstack/react-query';
import { Permission } from '@keydeck/contract/permissions';
import type { ServiceUser } from '@keydeck/contract/service-users';
import { useCan } from '../../../lib/can';
import { FormModal } from '../../../lib/ui/form-modal';
import {
  accountUsersQueryOptions,
  serviceGroupsQueryOptions,
  useAddServiceUser,
  useMoveServiceUser,
  type ServiceRef,
  type UserMembership,
} from '../api/service-users.api';
import { ServiceUserForm } from './service-user-form';

type Props = {
  service: ServiceRef;
  user?: ServiceUser | undefined;
  /** The service's users now: the picker does not offer them again. */
  members: ServiceUser[];
  opened: boolean;
  onClose: () => void;
};

/** Adds a console user to the service (no `user`) or moves `user` to another group, in a 640 px modal. */
export function ServiceUserModal({ service, user, members, opened, onClose }: Props) {
  const add = useAddServiceUser(service);
  const move = useMoveServiceUser(service);
  const mutation = user ? move : add;
  const groups = useQuery({ ...serviceGroupsQueryOptions(service), enabled: opened });
  const mayListUsers = useCan(Permission.usersRead);
  const accountUsers = useQuery({ ...accountUsersQueryOptions(), enabled: opened && !user && mayListUsers });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={user ? `Change the group of ${user.username}` : 'Add a user to the service'}
      mutations={[mutation]}
      onSubmit={async (membership: UserMembership) => {
        await mutation.mutateAsync(membership);
        return user ? `${membership.username} moved to ${membership.group_name}.` : `${membership.username} added to ${membership.group_name}.`;
      }}
    >
      {(form) => (
        <ServiceUserForm
          {...(user ? { username: user.username, group: user.group } : {})}
          usernames={(accountUsers.data?.data ?? []).map((u) => u.username).filter((u) => !members.some((m) => m.username === u))}
          groups={(groups.data?.data ?? []).map((g) => g.name)}
          submitLabel={user ? 'Change group' : 'Add user'}
          {...form}
        />
      )}
    </FormModal>
  );
}
