import { Button, Stack } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@keydeck/contract/passwords';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { PasswordField, TextField } from '../../../lib/ui/text-fields';
import { registrationFormSchema, suggestSlug, type RegistrationFormValues } from './registration-schema';

type Sent = Omit<RegistrationFormValues, 'confirm'>;

interface RegistrationFormProps {
  pending: boolean;
  /** Resolves when the sign-up is recorded; rejects with the server's refusal, which lands on the fields. */
  onSubmit: (values: Sent) => Promise<unknown>;
}

/** A new company account and its first administrator. */
export function RegistrationForm({ pending, onSubmit }: RegistrationFormProps) {
  const form = useContractForm({
    schema: registrationFormSchema,
    defaultValues: { company_name: '', account_slug: '', username: '', email: '', password: '', confirm: '' },
    onSubmit: ({ confirm: _confirm, ...sent }) => onSubmit(sent),
  });
  // The slug follows the company name until the visitor edits it (it is then no longer the previous name's suggestion).
  const followName = (name: string) => {
    const { company_name, account_slug } = form.getValues();
    if (account_slug !== suggestSlug(company_name ?? '')) return;
    form.setValue('account_slug', suggestSlug(name));
    form.clearErrors('account_slug');
  };
  const loginLink = `${window.location.origin}/login?account_slug=${form.watch('account_slug') || 'your-company'}`;

  return (
    <ContractForm form={form} aria-label="Create an account">
      <Stack gap="md">
        <FormAlert />
        <TextField name="company_name" label="Company name" autoComplete="organization" autoFocus onChange={followName} />
        <TextField
          name="account_slug"
          label="Account slug"
          autoComplete="off"
          description={`Lowercase letters, digits and dashes. Your sign-in link: ${loginLink}`}
          styles={{ description: { overflowWrap: 'anywhere' } }}
        />
        <TextField name="username" label="Your username" autoComplete="username" description="You sign in with it as the account's administrator" />
        <TextField name="email" label="Email" type="email" autoComplete="email" description="We send a link there to confirm the registration" />
        <PasswordField
          name="password"
          label="Password"
          autoComplete="new-password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters; not a common password and not your username`}
        />
        <PasswordField name="confirm" label="Repeat the password" autoComplete="new-password" />
        <Button type="submit" fullWidth loading={pending} mt="xs">
          Create account
        </Button>
      </Stack>
    </ContractForm>
  );
}
