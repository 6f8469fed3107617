import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import type { FormEvent, ReactNode } from 'react';
import { PasswordInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import {
  IDENTITY_PROVIDER_USER_FIELD_LABELS,
  IDENTITY_PROVIDER_USER_FIELDS,
  identityProviderFields,
  type IdentityProvider,
  type IdentityProviderFields,
  type IdentityProviderUserField,
} from '@keydeck/contract/identity-providers';
import { useFormRefusals, useFormValues } from '../../../lib/use-form-refusals';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';

type Field = keyof IdentityProviderFields;
const FIELDS: readonly Field[] = Object.keys(identityProviderFields.shape) as Field[];
type Values = Required<IdentityProviderFields>;
const USER_FIELD_OPTIONS = IDENTITY_PROVIDER_USER_FIELDS.map((value) => ({ value, label: IDENTITY_PROVIDER_USER_FIELD_LABELS[value] }));

function valuesOf(provider: IdentityProvider | undefined): Values {
  if (!provider) return { name: '', issuer: '', client_id: '', client_secret: '', scopes: 'openid email profile', claim: 'email', user_field: 'email', enabled: true };
  const { name, issuer, client_id, scopes, claim, user_field, enabled } = provider;
  // The stored secret is never sent back: an empty field keeps it.
  return { name, issuer, client_id, client_secret: '', scopes, claim, user_field, enabled };
}

interface IdentityProviderFormProps {
  provider?: IdentityProvider;
  onSubmit: (fields: IdentityProviderFields) => Promise<unknown>;
  pending: boolean;
  submitLabel: string;
  actions?: ReactNode;
}

/** One form for adding and changing an OpenID Connect provider, checked with the contract's identityProviderFields. */
export function IdentityProviderForm({ provider, onSubmit, pending, submitLabel, actions }: IdentityProviderFormProps) {
  const { formRef, errors, message, clear, submit: send } = useFormRefusals({ fields: FIELDS, onSubmit });
  const { values, set } = useFormValues(() => valuesOf(provider), clear);
  const submit = (event: FormEvent<HTMLFormElement>) => send(event, () => identityProviderFields.safeParse(values));

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={provider ? `Identity provider ${provider.name}` : 'New identity provider'}>
      <Stack gap="md">
        <FormAlert message={message} />
        <TextInput
          label="Name"
          withAsterisk
          description='Shown on the sign-in button: "Sign in with <name>"'
          data-autofocus
          value={values.name}
          error={errors.name}
          onChange={(event) => set('name', event.currentTarget.value)}
        />
        <TextInput
          label="Issuer URL"
          withAsterisk
          description="The provider's issuer; its settings are read from /.well-known/openid-configuration"
          placeholder="https://login.example.com/realms/acme"
          value={values.issuer}
          error={errors.issuer}
          onChange={(event) => set('issuer', event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput label="Client ID" withAsterisk value={values.client_id} error={errors.client_id} onChange={(event) => set('client_id', event.currentTarget.value)} />
          <PasswordInput
            label="Client secret"
            description={provider?.has_client_secret ? 'A secret is stored. Leave empty to keep it.' : 'Sent with client_secret_basic'}
            autoComplete="new-password"
            value={values.client_secret}
            error={errors.client_secret}
            onChange={(event) => set('client_secret', event.currentTarget.value)}
          />
        </SimpleGrid>
        <TextInput label="Scopes" description="Separated by spaces; must include openid" value={values.scopes} error={errors.scopes} onChange={(event) => set('scopes', event.currentTarget.value)} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label="Claim"
            description="The claim that identifies the user, e.g. email or preferred_username"
            value={values.claim}
            error={errors.claim}
            onChange={(event) => set('claim', event.currentTarget.value)}
          />
          <Select
            label="Matched against"
            description="The field of this account's users it must equal"
            data={USER_FIELD_OPTIONS}
            value={values.user_field}
            allowDeselect={false}
            error={errors.user_field}
            onChange={(value) => {
              if (value !== null) set('user_field', value as IdentityProviderUserField);
            }}
          />
        </SimpleGrid>
        <Switch
          label="Enabled"
          description="Offer this provider on the account's sign-in page"
          checked={values.enabled}
          error={errors.enabled}
          onChange={(event) => set('enabled', event.currentTarget.checked)}
        />
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </form>
  );
}
