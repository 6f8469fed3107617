import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import type { Role } from '@keydeck/contract/roles';
import { userFields, type User } from '@keydeck/contract/users';
import { useContractForm } from '../../../lib/use-contract-form';
import { MultiSelectField, SwitchField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { TextField } from '../../../lib/ui/text-fields';

const inviteFields = userFields;
const editFields = userFields.omit({ username: true }).extend({ disabled: z.boolean() });

/** What the form hands over, checked with the contract: an invitation carries a username, an edit `disabled`. */
export type UserFormOutput = Omit<z.output<typeof inviteFields>, 'username'> & { username?: string; disabled?: boolean };

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
  const form = useContractForm({
    schema: user ? editFields : inviteFields,
    defaultValues: {
      username: user?.username ?? '',
      name: user?.name ?? '',
      email: user?.email ?? '',
      roles: user?.roles.map((role) => role.id) ?? [],
      mfa_enforced: user?.mfa_enforced ?? false,
      disabled: user?.disabled ?? false,
    },
    batchPrefix: BATCH_PREFIX,
    onSubmit,
  });

  // The server refuses a role the user gains when the signed-in user lacks one of its permissions;
  // roles the user already has stay selectable (keeping or removing them is allowed).
  const had = new Set(user?.roles.map((role) => role.id));
  const grantable = (role: Role) => had.has(role.id) || role.permissions.every((p) => held.includes(p));
  const roleOptions = roles.map((role) => ({ value: role.id, label: role.name, disabled: !grantable(role) }));
  const someNotGrantable = roleOptions.some((option) => option.disabled);

  return (
    <ContractForm form={form} aria-label={user ? `User ${user.username}` : 'Invite user'}>
      <Stack gap="md">
        <FormAlert />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <TextField
            name="username"
            label="Username"
            withAsterisk={!user}
            readOnly={Boolean(user)}
            variant={user ? 'filled' : 'default'}
            description={user ? 'Usernames cannot be changed' : 'Used to sign in; unique across Keydeck'}
            data-autofocus={user ? undefined : true}
            autoComplete="off"
          />
          <TextField name="name" label="Name" withAsterisk data-autofocus={user ? true : undefined} description="As others see it" />
        </SimpleGrid>
        <TextField name="email" label="Email" type="email" withAsterisk autoComplete="off" />
        <MultiSelectField
          name="roles"
          label="Roles"
          description={
            someNotGrantable
              ? 'The user gets the permissions of every role chosen. Roles with permissions you do not hold cannot be given.'
              : 'The user gets the permissions of every role chosen.'
          }
          placeholder={(form.watch('roles') ?? []).length === 0 ? 'None: the user holds no permissions' : undefined}
          data={roleOptions}
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
        <SwitchField
          name="mfa_enforced"
          label="Require multi-factor sign-in"
          description="The user must set up a second factor before they can use the console"
        />
        {user ? (
          <SwitchField
            name="disabled"
            label="Disabled"
            description="A disabled user cannot sign in; disabling ends their sessions at once"
            color="error"
          />
        ) : null}
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </ContractForm>
  );
}
