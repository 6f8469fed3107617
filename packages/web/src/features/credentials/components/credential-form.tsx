import { useMemo, type ReactNode } from 'react';
import { z } from 'zod';
import { Stack } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { credentialCreate, type Credential, type CredentialCreate, type CredentialOwner } from '@keydeck/contract/credentials';
import { formatDateTime } from '../../../lib/datetime';
import { useContractForm } from '../../../lib/use-contract-form';
import { SelectField, TagsInputField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { TextField } from '../../../lib/ui/text-fields';
import { CredentialPermissionChecklist } from './credential-permission-checklist';

const DAY_MS = 86_400_000;
export const EXPIRY_OPTIONS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '180', label: '180 days' },
  { value: '365', label: '1 year' },
];

const KEEP = 'keep';

/** The expiry is picked as a lifetime from now and sent as the instant it ends; an edit may keep the current one. */
const formSchemaFor = (currentExpiry: string | undefined) =>
  credentialCreate
    .omit({ expires_at: true })
    .extend({ expires_in_days: z.enum([KEEP, ...EXPIRY_OPTIONS.map((o) => o.value)]) })
    .transform(({ expires_in_days, ...fields }) => ({
      ...fields,
      expires_at: expires_in_days === KEEP && currentExpiry ? currentExpiry : new Date(Date.now() + Number(expires_in_days) * DAY_MS).toISOString(),
    }));

interface CredentialFormProps {
  /** Change this credential (its owner stays); without it the form creates one. */
  credential?: Credential | undefined;
  owners: readonly CredentialOwner[];
  onSubmit: (fields: CredentialCreate) => Promise<unknown>;
  pending: boolean;
  actions?: ReactNode;
}

/** One form for a new credential and a change: owner, permissions drawn from the owner's, a lifetime, source addresses. */
export function CredentialForm({ credential, owners, onSubmit, pending, actions }: CredentialFormProps) {
  const schema = useMemo(() => formSchemaFor(credential?.expires_at), [credential?.expires_at]);
  const form = useContractForm({
    schema,
    defaultValues: credential
      ? { name: credential.name, owner_user_id: credential.owner.id, permissions: credential.permissions, expires_in_days: KEEP, allowed_cidrs: credential.allowed_cidrs }
      : { name: '', owner_user_id: '', permissions: [], expires_in_days: '90', allowed_cidrs: [] },
    onSubmit,
  });
  const expiryOptions = credential ? [{ value: KEEP, label: `Keep: ${formatDateTime(credential.expires_at)}` }, ...EXPIRY_OPTIONS] : EXPIRY_OPTIONS;
  const ownerId = useWatch({ control: form.control, name: 'owner_user_id' });
  const available = owners.find((owner) => owner.id === ownerId)?.permissions ?? [];
  // A new owner may hold less: what they do not hold leaves the choice.
  const keepHeld = (id: string | number) => {
    const held = owners.find((owner) => owner.id === id)?.permissions ?? [];
    form.setValue('permissions', form.getValues('permissions').filter((p) => held.includes(p)));
  };

  return (
    <ContractForm form={form} aria-label={credential ? `API credential ${credential.name}` : 'New API credential'}>
      <Stack gap="md">
        <FormAlert />
        <TextField name="name" label="Name" withAsterisk description="Say what uses it, for example CI deploy" data-autofocus />
        <SelectField
          name="owner_user_id"
          label="Owner"
          withAsterisk
          description="The credential acts for this user and never holds more than they do"
          data={owners.map((owner) => ({ value: owner.id, label: owner.name === owner.username ? owner.username : `${owner.name} (${owner.username})` }))}
          searchable
          disabled={credential !== undefined}
          onChange={keepHeld}
        />
        <Controller
          name="permissions"
          control={form.control}
          render={({ field, fieldState }) => (
            <CredentialPermissionChecklist available={available} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <SelectField name="expires_in_days" label="Expires in" withAsterisk data={expiryOptions} allowDeselect={false} />
        <TagsInputField
          name="allowed_cidrs"
          label="Allowed addresses"
          description="IP addresses or CIDR ranges it may be used from; press Enter after each. Empty: any address your allowlist admits."
          placeholder="203.0.113.0/24"
        />
        <FormFooter actions={actions} submitLabel={credential ? 'Save changes' : 'Create credential'} pending={pending} />
      </Stack>
    </ContractForm>
  );
}
