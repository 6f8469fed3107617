import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useField, type Bound } from './use-field';

// Its own file: the number formatter behind it is heavy, and the sign-in page's text fields should not load it.
/** An empty input holds no number (undefined), which the schema refuses with its own message. */
export function NumberField({ name, onChange, ...props }: Bound<NumberInputProps, number | undefined>) {
  const { value, set, ...field } = useField<number | undefined>(name, onChange);
  return <NumberInput {...props} {...field} value={value ?? ''} onChange={(next) => set(next === '' ? undefined : Number(next))} />;
}
