import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { roleFields, type Role, type RoleFields } from '@keydeck/contract/roles';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { TextField } from '../../../lib/ui/text-fields';
import { PermissionChecklist } from './permission-checklist';

/** Batch endpoints name fields by position: roles.0.name. */
const BATCH_PREFIX = /^roles\.\d+\./;

interface RoleFormProps {
  /** Edit (or, read-only, view) this role; without it the form creates one. */
  role?: Role;
  /** The signed-in user's permissions, which are all they may grant. */
  held: readonly string[];
  readOnly?: boolean;
  /** Resolves when saved; rejects with the server's refusal, which lands on the fields. */
  onSubmit: (fields: RoleFields) => Promise<unknown>;
  pending: boolean;
  submitLabel: string;
  /** Extra buttons beside submit (Cancel or Close in the modal). */
  actions?: ReactNode;
}

/** One form for creating, editing and viewing a role, validated with the contract's roleFields. */
export function RoleForm({ role, held, readOnly = false, onSubmit, pending, submitLabel, actions }: RoleFormProps) {
  const form = useContractForm({
    schema: roleFields,
    defaultValues: { name: role?.name ?? '', permissions: [...(role?.permissions ?? [])] },
    batchPrefix: BATCH_PREFIX,
    // A role shown read-only has no submit button; Enter sends nothing either.
    onSubmit: async (fields) => (readOnly ? undefined : onSubmit(fields)),
  });

  return (
    <ContractForm form={form} aria-label={role ? `Role ${role.name}` : 'New role'}>
      <Stack gap="md">
        <FormAlert />
        {readOnly ? null : <TextField name="name" label="Role name" withAsterisk data-autofocus />}
        <Controller
          name="permissions"
          control={form.control}
          render={({ field, fieldState }) => (
            <PermissionChecklist
              value={field.value}
              onChange={field.onChange}
              held={held}
              saved={role?.permissions}
              readOnly={readOnly}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} readOnly={readOnly} />
      </Stack>
    </ContractForm>
  );
}
