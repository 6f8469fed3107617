import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { MultiSelect, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { z } from 'zod';
import type { Role } from '@keydeck/contract/roles';
import { userFields, type User } from '@keydeck/contract/users';
import { useFormRefusals, useFormValues } from '../../../lib/use-form-refusals';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';

const inviteFields = userFields;
const editFields = userFields.omit({ username: true }).extend({ disabled: z.boolean() });

/** What the form hands over, checked with the contract: an invitation carries a username, an edit `disabled`. */
export type UserFormOutput = Omit<z.output<typeof inviteFields>, 'username'> & { username?: string; disabled?: boolean };

type Field = 'username' | 'name' | 'email' | 'roles' | 'mfa_enforced' | 'disabled';
const FIELDS: readonly Field[] = ['username', 'name', 'email', 'roles', 'mfa_enforced', 'disabled'];
/** Batch endpoints name fields by position: users.0.username. */
const BATCH_PREFIX = /^users\.\d+\./;

export const ROLE_NOT_GRANTABLE = 'carries permissions you do not hold';

interface UserFormProps {
  /** Edit this user; without it the form invites one. */
  user?: User;
  /** The account's roles to choose from. */
  roles: Role[];
  /** The signed-in user's permissions: a role is given only by someone who holds all of its permissions. */
  held: readonly string[];
  /** Resolves when saved; rejects with the server's refusal, which lands on the fields. */
  onSubmit: (values: UserFormOutput) => Promise<unknown>;
  pending: boolean;
  submitLabel: string;
  /** Extra buttons beside submit (Cancel in the modal). */
  actions?: ReactNode;
}

/** One form for inviting and editing a user, validated with the contract's userFields. */
export function UserForm({ user, roles, held, onSubmit, pending, submitLabel, actions }: UserFormProps) {
  const { formRef, errors, message, clear, submit: send } = useFormRefusals({ fields: FIELDS, batchPrefix: BATCH_PREFIX, onSubmit });
  const { values, set } = useFormValues({
    username: user?.username ?? '',
    name: user?.name ?? '',
    email: user?.email ?? '',
    roles: user?.roles.map((role) => role.id) ?? [],
    mfa_enforced: user?.mfa_enforced ?? false,
    disabled: user?.disabled ?? false,
  }, clear);

  const text = (field: 'username' | 'name' | 'email') => ({
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.currentTarget.value),
  });

  // The server refuses a role the user gains when the signed-in user lacks one of its permissions;
  // roles the user already has stay selectable (keeping or removing them is allowed).
  const had = new Set(user?.roles.map((role) => role.id));
  const grantable = (role: Role) => had.has(role.id) || role.permissions.every((p) => held.includes(p));
  const roleOptions = roles.map((role) => ({ value: role.id, label: role.name, disabled: !grantable(role) }));
  const someNotGrantable = roleOptions.some((option) => option.disabled);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    send(event, () =>
      user ? editFields.safeParse(values) : inviteFields.safeParse(values),
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={user ? `User ${user.username}` : 'Invite user'}>
      <Stack gap="md">
        <FormAlert message={message} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label="Username"
            withAsterisk={!user}
            readOnly={Boolean(user)}
            variant={user ? 'filled' : 'default'}
            description={user ? 'Usernames cannot be changed' : 'Used to sign in; unique across Keydeck'}
            data-autofocus={user ? undefined : true}
            autoComplete="off"
            {...text('username')}
          />
          <TextInput label="Name" withAsterisk data-autofocus={user ? true : undefined} description="As others see it" {...text('name')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" withAsterisk autoComplete="off" {...text('email')} />
        <MultiSelect
          label="Roles"
          description={
            someNotGrantable
              ? 'The user gets the permissions of every role chosen. Roles with permissions you do not hold cannot be given.'
              : 'The user gets the permissions of every role chosen.'
          }
          placeholder={values.roles.length === 0 ? 'None: the user holds no permissions' : undefined}
          data={roleOptions}
          value={values.roles}
          onChange={(next) => set('roles', next)}
          error={errors.roles}
          searchable
          clearable
          hidePickedOptions={false}
          nothingFoundMessage="No role matches"
          renderOption={({ option }) => (
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              {option.disabled ? (
                <Text size="xs" c="dimmed">
                  {`This role ${ROLE_NOT_GRANTABLE}`}
                </Text>
              ) : null}
            </Stack>
          )}
          comboboxProps={{ withinPortal: true }}
        />
        <Switch
          label="Require multi-factor sign-in"
          description="The user must set up a second factor before they can use the console"
          checked={values.mfa_enforced}
          error={errors.mfa_enforced}
          onChange={(event) => set('mfa_enforced', event.currentTarget.checked)}
        />
        {user ? (
          <Switch
            label="Disabled"
            description="A disabled user cannot sign in; disabling ends their sessions at once"
            color="error"
            checked={values.disabled}
            error={errors.disabled}
            onChange={(event) => set('disabled', event.currentTarget.checked)}
          />
        ) : null}
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </form>
  );
}
