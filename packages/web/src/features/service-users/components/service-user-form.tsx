import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Autocomplete, Select, Stack } from '@mantine/core';
import { serviceUsersBody } from '@keydeck/contract/service-users';
import { useFormRefusals } from '../../../lib/use-form-refusals';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import type { UserMembership } from '../api/service-users.api';

type Field = keyof UserMembership;
const FIELDS: readonly Field[] = ['username', 'group_name'];
/** The batch endpoint names fields by position: users.0.username. */
const BATCH_PREFIX = /^users\.\d+\./;

interface ServiceUserFormProps {
  /** Editing moves this user: the username is fixed. */
  username?: string;
  group?: string;
  /** Console users of the company to pick from (a username can also be typed). */
  usernames: string[];
  groups: string[];
  submitLabel: string;
  pending: boolean;
  onSubmit: (membership: UserMembership) => Promise<unknown>;
  actions: ReactNode;
}

/**
 * A service user: which console user, in which group. One form adds a user and moves one. Neither combobox takes
 * the modal's first focus: a focused one opens its list over the form's buttons.
 */
export function ServiceUserForm({ username: fixed, group, usernames, groups, submitLabel, pending, onSubmit, actions }: ServiceUserFormProps) {
  const [username, setUsername] = useState(fixed ?? '');
  const [groupName, setGroupName] = useState<string | null>(group ?? null);
  const { formRef, errors, message, clear, submit: send } = useFormRefusals({ fields: FIELDS, batchPrefix: BATCH_PREFIX, onSubmit });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    send(event, () => serviceUsersBody.shape.users.element.safeParse({ username, group_name: groupName ?? '' }));
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        <FormAlert message={message} />
        <Autocomplete
          label="User"
          description={fixed ? undefined : 'A user of your company'}
          withAsterisk
          disabled={fixed !== undefined}
          data={usernames}
          limit={20}
          value={username}
          error={errors.username}
          onChange={(value) => {
            setUsername(value);
            clear('username');
          }}
        />
        <Select
          label="Group"
          withAsterisk
          searchable
          data={groups}
          value={groupName}
          error={errors.group_name}
          onChange={(value) => {
            setGroupName(value);
            clear('group_name');
          }}
        />
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </form>
  );
}
