import type { ReactNode } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { accountFields, type Account, type AccountFields } from '@keydeck/contract/accounts';
import { useContractForm } from '../../../lib/use-contract-form';
import { SwitchField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { NumberField } from '../../../lib/ui/number-field';
import { TextField } from '../../../lib/ui/text-fields';

/** Batch endpoints name fields by position: accounts.0.account_slug. */
const BATCH_PREFIX = /^accounts\.\d+\./;

const EMPTY: AccountFields = {
  name: '',
  api_name: '',
  account_slug: '',
  account_code: '',
  contact_name: '',
  contact_email: '',
  enforce_ip: false,
  mfa_enforced: false,
  admin_whitelist_allowance: 10,
};

function valuesOf(account: Account | undefined): AccountFields {
  if (!account) return EMPTY;
  const { name, api_name, account_slug, account_code, contact_name, contact_email, enforce_ip, mfa_enforced, admin_whitelist_allowance } = account;
  return { name, api_name, account_slug, account_code, contact_name, contact_email, enforce_ip, mfa_enforced, admin_whitelist_allowance };
}

interface AccountFormProps {
  /** Edit this account; without it the form creates one. */
  account?: Account;
  /** Resolves when saved; rejects with the server's refusal, which lands on the fields. */
  onSubmit: (fields: AccountFields) => Promise<unknown>;
  pending: boolean;
  submitLabel: string;
  /** Extra buttons beside submit (Cancel in the modal). */
  actions?: ReactNode;
}

/** One form for creating and editing an account, validated with the contract's accountFields. */
export function AccountForm({ account, onSubmit, pending, submitLabel, actions }: AccountFormProps) {
  const form = useContractForm({ schema: accountFields, defaultValues: valuesOf(account), batchPrefix: BATCH_PREFIX, onSubmit });

  return (
    <ContractForm form={form} aria-label={account ? 'Company details' : 'New account'}>
      <Stack gap="md">
        <FormAlert />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <TextField name="name" label="Company name" withAsterisk description="As users see it in the console" data-autofocus />
          <TextField name="account_code" label="Account code" withAsterisk description="4-16 letters or digits" />
          <TextField name="account_slug" label="Account slug" withAsterisk description="Used in sign-in links" />
          <TextField name="api_name" label="API name" withAsterisk description="Lowercase letters, digits, dashes" />
          <TextField name="contact_name" label="Contact name" />
          <TextField name="contact_email" label="Contact email" type="email" />
        </SimpleGrid>
        <NumberField
          name="admin_whitelist_allowance"
          label="IP allowlist allowance"
          description="Most entries the IP allowlist may hold (0-1000)"
          min={0}
          max={1000}
          allowDecimal={false}
          allowNegative={false}
          maw={360}
        />
        <SwitchField
          name="enforce_ip"
          label="Enforce the IP allowlist"
          description="Refuse sign-ins and calls from addresses outside the account's allowlist"
        />
        <SwitchField name="mfa_enforced" label="Require multi-factor sign-in" description="Every user of the account must set up a second factor" />
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </ContractForm>
  );
}
