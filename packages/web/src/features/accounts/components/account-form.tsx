import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { accountFields, type Account, type AccountFields } from '@keydeck/contract/accounts';
import { useFormRefusals, useFormValues } from '../../../lib/use-form-refusals';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';

type Field = keyof AccountFields;
const FIELDS: readonly Field[] = Object.keys(accountFields.shape) as Field[];
/** Batch endpoints name fields by position: accounts.0.account_slug. */
const BATCH_PREFIX = /^accounts\.\d+\./;

type Values = Omit<AccountFields, 'admin_whitelist_allowance'> & { admin_whitelist_allowance: number | string };

const EMPTY: Values = {
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

function valuesOf(account: Account | undefined): Values {
  if (!account) return EMPTY;
  const { name, api_name, account_slug, account_code, contact_name, contact_email, enforce_ip, mfa_enforced } = account;
  return { name, api_name, account_slug, account_code, contact_name, contact_email, enforce_ip, mfa_enforced, admin_whitelist_allowance: account.admin_whitelist_allowance };
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
  const { formRef, errors, message, clear, submit: send } = useFormRefusals({ fields: FIELDS, batchPrefix: BATCH_PREFIX, onSubmit });
  const { values, set } = useFormValues(() => valuesOf(account), clear);

  const text = (field: Exclude<Field, 'enforce_ip' | 'mfa_enforced' | 'admin_whitelist_allowance'>) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.currentTarget.value),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    send(event, () =>
      accountFields.safeParse({ ...values, admin_whitelist_allowance: Number(values.admin_whitelist_allowance) }),
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={account ? 'Company details' : 'New account'}>
      <Stack gap="md">
        <FormAlert message={message} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput label="Company name" withAsterisk description="As users see it in the console" data-autofocus {...text('name')} />
          <TextInput label="Account code" withAsterisk description="4-16 letters or digits" {...text('account_code')} />
          <TextInput label="Account slug" withAsterisk description="Used in sign-in links" {...text('account_slug')} />
          <TextInput label="API name" withAsterisk description="Lowercase letters, digits, dashes" {...text('api_name')} />
          <TextInput label="Contact name" {...text('contact_name')} />
          <TextInput label="Contact email" type="email" {...text('contact_email')} />
        </SimpleGrid>
        <NumberInput
          label="IP allowlist allowance"
          description="Most entries the IP allowlist may hold (0-1000)"
          min={0}
          max={1000}
          allowDecimal={false}
          allowNegative={false}
          maw={360}
          value={values.admin_whitelist_allowance}
          error={errors.admin_whitelist_allowance}
          onChange={(value) => set('admin_whitelist_allowance', value)}
        />
        <Switch
          label="Enforce the IP allowlist"
          description="Refuse sign-ins and calls from addresses outside the account's allowlist"
          checked={values.enforce_ip}
          error={errors.enforce_ip}
          onChange={(event) => set('enforce_ip', event.currentTarget.checked)}
        />
        <Switch
          label="Require multi-factor sign-in"
          description="Every user of the account must set up a second factor"
          checked={values.mfa_enforced}
          error={errors.mfa_enforced}
          onChange={(event) => set('mfa_enforced', event.currentTarget.checked)}
        />
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </form>
  );
}
