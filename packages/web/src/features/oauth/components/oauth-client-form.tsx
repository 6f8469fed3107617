import { useMemo, type ReactNode } from 'react';
import { z } from 'zod';
import { Radio, Stack } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { DELEGABLE_PERMISSIONS, type CredentialOwner } from '@keydeck/contract/credentials';
import {
  OAUTH_CLIENT_TYPE_LABELS,
  OAUTH_CLIENT_TYPES,
  OAUTH_GRANT_LABELS,
  OAUTH_GRANTS,
  oauthClientCreate,
  type OAuthClient,
  type OAuthClientCreate,
} from '@keydeck/contract/oauth';
import { PERMISSION_DESCRIPTIONS, type PermissionName } from '@keydeck/contract/permissions';
import { useContractForm } from '../../../lib/use-contract-form';
import { RadioGroupField, SelectField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { TextField } from '../../../lib/ui/text-fields';
import { OAuthChecklist } from './oauth-checklist';
import { RedirectUriRows } from './redirect-uri-rows';

/**
 * What the form holds before the contract checks it: rows left blank are no redirect URI. An edit is checked with the
 * create contract too, its type and owner fixed, so a public client's rules hold when it is changed.
 */
const formSchema = z
  .object({
    name: z.string(),
    type: z.enum(OAUTH_CLIENT_TYPES),
    owner_user_id: z.string(),
    redirect_uris: z.array(z.string()),
    grant_types: z.array(z.enum(OAUTH_GRANTS)),
    scopes: z.array(z.string()),
  })
  .transform((values) => ({ ...values, redirect_uris: values.redirect_uris.filter((uri) => uri.trim() !== '') }))
  .pipe(oauthClientCreate);

const GRANT_OPTIONS = OAUTH_GRANTS.map((grant) => ({ value: grant, label: OAUTH_GRANT_LABELS[grant] }));
const delegable = new Set<string>(DELEGABLE_PERMISSIONS);
const scopeOptions = (permissions: readonly string[]) =>
  permissions
    .filter((permission) => delegable.has(permission))
    .map((permission) => ({ value: permission, label: PERMISSION_DESCRIPTIONS[permission as PermissionName] ?? permission, description: permission }));
const ownerLabel = (owner: { name: string; username: string }) => (owner.name === owner.username ? owner.username : `${owner.name} (${owner.username})`);

interface OAuthClientFormProps {
  /** Change this client (its type and owner stay); without it the form creates one. */
  client?: OAuthClient | undefined;
  owners: readonly CredentialOwner[];
  onSubmit: (fields: OAuthClientCreate) => Promise<unknown>;
  pending: boolean;
  actions?: ReactNode;
}

/** One form for a new OAuth client and a change: name, type, owner, redirect URIs, grants and the scopes drawn from the owner's permissions. */
export function OAuthClientForm({ client, owners, onSubmit, pending, actions }: OAuthClientFormProps) {
  const form = useContractForm({
    schema: formSchema,
    defaultValues: client
      ? {
          name: client.name,
          type: client.type,
          owner_user_id: client.owner.id,
          redirect_uris: client.redirect_uris.length ? client.redirect_uris : [''],
          grant_types: client.grant_types,
          scopes: client.scopes,
        }
      : // A sole possible owner is the owner.
        { name: '', type: 'confidential', owner_user_id: owners.length === 1 ? owners[0]!.id : '', redirect_uris: [''], grant_types: ['authorization_code'], scopes: [] },
    onSubmit,
    // A taken name is a 409: it lands on the form like a 400 does.
    statuses: [400, 409],
  });
  const ownerId = useWatch({ control: form.control, name: 'owner_user_id' });
  const heldByOwner = owners.find((owner) => owner.id === ownerId)?.permissions;
  // An owner no longer listed (disabled since) still shows the scopes the client has.
  const available = useMemo(() => scopeOptions(heldByOwner ?? client?.scopes ?? []), [heldByOwner, client?.scopes]);
  // A new owner may hold less: what they do not hold leaves the choice.
  const keepHeld = (id: string | number) => {
    const held = owners.find((owner) => owner.id === id)?.permissions ?? [];
    form.setValue('scopes', form.getValues('scopes').filter((scope) => held.includes(scope)));
  };

  return (
    <ContractForm form={form} aria-label={client ? `OAuth client ${client.name}` : 'New OAuth client'}>
      <Stack gap="md">
        <FormAlert />
        <TextField name="name" label="Name" withAsterisk description="Users see it on the consent page, for example Deploy dashboard" data-autofocus />
        {client ? null : (
          <>
            <RadioGroupField name="type" label="Type" withAsterisk description="Fixed once created">
              <Stack gap="xs" mt="xs">
                {OAUTH_CLIENT_TYPES.map((type) => (
                  <Radio key={type} value={type} label={OAUTH_CLIENT_TYPE_LABELS[type]} />
                ))}
              </Stack>
            </RadioGroupField>
            <SelectField
              name="owner_user_id"
              label="Owner"
              withAsterisk
              description="The client never holds more than its owner; with client credentials it acts as them"
              data={owners.map((owner) => ({ value: owner.id, label: ownerLabel(owner) }))}
              searchable
              onChange={keepHeld}
            />
          </>
        )}
        <RedirectUriRows />
        <Controller
          name="grant_types"
          control={form.control}
          render={({ field, fieldState }) => (
            <OAuthChecklist label="Grant types" options={GRANT_OPTIONS} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <Controller
          name="scopes"
          control={form.control}
          render={({ field, fieldState }) => (
            <OAuthChecklist
              label="Scopes"
              description="The permissions it may ask for, limited to what the owner holds; a user consenting gives only those they hold too"
              options={available}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              emptyText="Choose an owner first."
            />
          )}
        />
        <FormFooter actions={actions} submitLabel={client ? 'Save changes' : 'Create OAuth client'} pending={pending} />
      </Stack>
    </ContractForm>
  );
}
