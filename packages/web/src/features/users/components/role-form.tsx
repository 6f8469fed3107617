import '@mantine/core/styles/Input.css';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { roleFields, type Role, type RoleFields } from '@keydeck/contract/roles';
import { useFormRefusals } from '../../../lib/use-form-refusals';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { PermissionChecklist } from './permission-checklist';

type Field = keyof RoleFields;
const FIELDS: readonly Field[] = ['name', 'permissions'];
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
  const [name, setName] = useState(role?.name ?? '');
  const [permissions, setPermissions] = useState<string[]>(() => [...(role?.permissions ?? [])]);
  const { formRef, errors, message, clear, submit: send } = useFormRefusals({ fields: FIELDS, batchPrefix: BATCH_PREFIX, onSubmit });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (readOnly) {
      event.preventDefault();
      return;
    }
    send(event, () =>
      roleFields.safeParse({ name, permissions }),
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={role ? `Role ${role.name}` : 'New role'}>
      <Stack gap="md">
        <FormAlert message={message} />
        {readOnly ? null : (
          <TextInput
            label="Role name"
            withAsterisk
            data-autofocus
            value={name}
            error={errors.name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              clear('name');
            }}
          />
        )}
        <PermissionChecklist
          value={permissions}
          onChange={(next) => {
            setPermissions(next);
            clear('permissions');
          }}
          held={held}
          saved={role?.permissions}
          readOnly={readOnly}
          error={errors.permissions}
        />
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} readOnly={readOnly} />
      </Stack>
    </form>
  );
}
