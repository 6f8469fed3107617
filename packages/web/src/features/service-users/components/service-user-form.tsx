import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { serviceUsersBody } from '@keydeck/contract/service-users';
import { useContractForm } from '../../../lib/use-contract-form';
import { SelectField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { AutocompleteField } from '../../../lib/ui/autocomplete-field';
import type { UserMembership } from '../api/service-users.api';

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
  const form = useContractForm({
    schema: serviceUsersBody.shape.users.element,
    defaultValues: { username: fixed ?? '', group_name: group ?? '' },
    batchPrefix: BATCH_PREFIX,
    onSubmit,
  });

  return (
    <ContractForm form={form} aria-label={submitLabel}>
      <Stack gap="md">
        <FormAlert />
        <AutocompleteField
          name="username"
          label="User"
          description={fixed ? undefined : 'A user of your company'}
          withAsterisk
          disabled={fixed !== undefined}
          data={usernames}
          limit={20}
        />
        <SelectField name="group_name" label="Group" withAsterisk searchable data={groups} />
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </ContractForm>
  );
}
