import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { useField, type Bound } from './use-field';

// The text controls of every form, bound to a ContractForm field by name (label, description and the rest as Mantine takes them).
// The multi-line one is in textarea-field.tsx: the sign-in page loads these two, not Textarea's autosizing.

export function TextField({ name, onChange, ...props }: Bound<TextInputProps, string>) {
  const { value, set, ...field } = useField<string>(name, onChange);
  return <TextInput {...props} {...field} value={value ?? ''} onChange={(event) => set(event.currentTarget.value)} />;
}

export function PasswordField({ name, onChange, ...props }: Bound<PasswordInputProps, string>) {
  const { value, set, ...field } = useField<string>(name, onChange);
  return <PasswordInput {...props} {...field} value={value ?? ''} onChange={(event) => set(event.currentTarget.value)} />;
}
