import type { ReactNode } from 'react';
import { Input, SimpleGrid, Stack } from '@mantine/core';
import {
  IDENTITY_PROVIDER_USER_FIELD_LABELS,
  IDENTITY_PROVIDER_USER_FIELDS,
  identityProviderFields,
  type IdentityProvider,
  type IdentityProviderFields,
} from '@keydeck/contract/identity-providers';
import { useContractForm } from '../../../lib/use-contract-form';
import { SelectField, SwitchField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { CopyText } from '../../../lib/ui/copy-text';
import { PasswordField, TextField } from '../../../lib/ui/text-fields';

const USER_FIELD_OPTIONS = IDENTITY_PROVIDER_USER_FIELDS.map((value) => ({ value, label: IDENTITY_PROVIDER_USER_FIELD_LABELS[value] }));

function valuesOf(provider: IdentityProvider | undefined): Required<IdentityProviderFields> {
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
  const form = useContractForm({ schema: identityProviderFields, defaultValues: valuesOf(provider), onSubmit });

  return (
    <ContractForm form={form} aria-label={provider ? `Identity provider ${provider.name}` : 'New identity provider'}>
      <Stack gap="md">
        <FormAlert />
        <RedirectUri />
        <TextField name="name" label="Name" withAsterisk description='Shown on the sign-in button: "Sign in with <name>"' data-autofocus />
        <TextField
          name="issuer"
          label="Issuer URL"
          withAsterisk
          description="The provider's issuer; its settings are read from /.well-known/openid-configuration"
          placeholder="https://login.example.com/realms/acme"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <TextField name="client_id" label="Client ID" withAsterisk />
          <PasswordField
            name="client_secret"
            label="Client secret"
            description={provider?.has_client_secret ? 'A secret is stored. Leave empty to keep it.' : 'Sent with client_secret_basic'}
            autoComplete="new-password"
          />
        </SimpleGrid>
        <TextField name="scopes" label="Scopes" description="Separated by spaces; must include openid" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <TextField name="claim" label="Claim" description="The claim that identifies the user, e.g. email or preferred_username" />
          <SelectField
            name="user_field"
            label="Matched against"
            description="The field of this account's users it must equal"
            data={USER_FIELD_OPTIONS}
            allowDeselect={false}
          />
        </SimpleGrid>
        <SwitchField name="enabled" label="Enabled" description="Offer this provider on the account's sign-in page" />
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </ContractForm>
  );
}

/**
 * What the administrator registers at the provider as the allowed redirect URI: the console's completion page at
 * the address they reach it by (the server uses PUBLIC_URL, else the request's own origin: the same one).
 */
function RedirectUri() {
  const uri = new URL('/login/openid/complete', window.location.origin).href;
  return (
    <Input.Wrapper label="Redirect URI" description="Register it at the provider as an allowed redirect (callback) URI">
      <div data-testid="redirect-uri">
        <CopyText value={uri} label="redirect URI" />
      </div>
    </Input.Wrapper>
  );
}
