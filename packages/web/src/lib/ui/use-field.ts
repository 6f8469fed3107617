import { useController } from 'react-hook-form';

/** What a lib/ui field control takes besides its Mantine props: the form field it edits, by name. */
export type Bound<P, V> = Omit<P, 'name' | 'value' | 'defaultValue' | 'checked' | 'defaultChecked' | 'onChange' | 'error'> & {
  name: string;
  /** Runs before the value is stored, so the form's getValues() still holds the previous one. */
  onChange?: (value: V) => void;
};

/**
 * The form field behind a control (the nearest ContractForm's), and its error: the contract schema's, or the
 * server's after a refusal; react-hook-form checks again as the user edits, so a fixed value clears it.
 */
export function useField<V>(name: string, onChange: ((value: V) => void) | undefined) {
  const { field, fieldState } = useController({ name });
  return {
    ref: field.ref,
    name: field.name,
    onBlur: field.onBlur,
    value: field.value as V | null | undefined,
    error: fieldState.error?.message,
    set: (value: V) => {
      onChange?.(value);
      field.onChange(value);
    },
  };
}
