import '@mantine/core/styles/Input.css';
import { Textarea, type TextareaProps } from '@mantine/core';
import { useField, type Bound } from './use-field';

/** The multi-line text control of a form, bound to a ContractForm field by name (see text-fields.tsx). */
export function TextareaField({ name, onChange, ...props }: Bound<TextareaProps, string>) {
  const { value, set, ...field } = useField<string>(name, onChange);
  return <Textarea {...props} {...field} value={value ?? ''} onChange={(event) => set(event.currentTarget.value)} />;
}
