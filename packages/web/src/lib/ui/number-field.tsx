import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useField, type Bound } from './use-field';

// Its own file: the number formatter behind it is heavy, and the sign-in page's text fields should not load it.
/**
 * An empty input holds no number (undefined), which the schema refuses with its own message. What is typed stays as
 * typed: no clamping to min and max on blur (they only bound the arrow keys), no minus sign or decimals dropped,
 * whatever a caller's allowNegative or allowDecimal say; the schema refuses such a number and says why.
 */
export function NumberField({ name, onChange, ...props }: Bound<Omit<NumberInputProps, 'clampBehavior'>, number | undefined>) {
  const { value, set, ...field } = useField<number | undefined>(name, onChange);
  return (
    <NumberInput
      {...props}
      {...field}
      clampBehavior="none"
      allowNegative
      allowDecimal
      value={value ?? ''}
      onChange={(next) => set(next === '' ? undefined : Number(next))}
    />
  );
}
