import { useState, type ChangeEvent } from 'react';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@keydeck/contract/passwords';
import { FormAlert } from '../../../lib/ui/form-alert';
import { useFormRefusals } from '../../../lib/use-form-refusals';
import { REGISTRATION_FIELDS, registrationFormSchema, suggestSlug, type RegistrationFormValues } from './registration-schema';

type Field = (typeof REGISTRATION_FIELDS)[number];
type Sent = Omit<RegistrationFormValues, 'confirm'>;

interface RegistrationFormProps {
  pending: boolean;
  /** Resolves when the sign-up is recorded; rejects with the server's refusal, which lands on the fields. */
  onSubmit: (values: Sent) => Promise<unknown>;
}

/** A new company account and its first administrator. */
export function RegistrationForm({ pending, onSubmit }: RegistrationFormProps) {
  const [values, setValues] = useState<RegistrationFormValues>({
    company_name: '',
    account_slug: '',
    username: '',
    email: '',
    password: '',
    confirm: '',
  });
  // The slug follows the company name until the visitor edits it.
  const [slugEdited, setSlugEdited] = useState(false);
  const { formRef, errors, message, clear, submit } = useFormRefusals({
    fields: REGISTRATION_FIELDS,
    onSubmit: ({ confirm: _confirm, ...sent }: RegistrationFormValues) => onSubmit(sent),
  });

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({
        ...current,
        [name]: value,
        ...(name === 'company_name' && !slugEdited ? { account_slug: suggestSlug(value) } : {}),
      }));
      if (name === 'account_slug') setSlugEdited(true);
      clear(name);
      if (name === 'company_name' && !slugEdited) clear('account_slug');
    },
  });
  const loginLink = `${window.location.origin}/login?account_slug=${values.account_slug || 'your-company'}`;

  return (
    <form ref={formRef} noValidate aria-label="Create an account" onSubmit={(event) => submit(event, () => registrationFormSchema.safeParse(values))}>
      <Stack gap="md">
        <FormAlert message={message} />
        <TextInput label="Company name" autoComplete="organization" autoFocus {...field('company_name')} />
        <TextInput
          label="Account slug"
          autoComplete="off"
          description={`Lowercase letters, digits and dashes. Your sign-in link: ${loginLink}`}
          styles={{ description: { overflowWrap: 'anywhere' } }}
          {...field('account_slug')}
        />
        <TextInput label="Your username" autoComplete="username" description="You sign in with it as the account's administrator" {...field('username')} />
        <TextInput label="Email" type="email" autoComplete="email" description="We send a link there to confirm the registration" {...field('email')} />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters; not a common password and not your username`}
          {...field('password')}
        />
        <PasswordInput label="Repeat the password" autoComplete="new-password" {...field('confirm')} />
        <Button type="submit" fullWidth loading={pending} mt="xs">
          Create account
        </Button>
      </Stack>
    </form>
  );
}
