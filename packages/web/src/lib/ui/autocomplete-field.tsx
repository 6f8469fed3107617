import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { Autocomplete, type AutocompleteProps } from '@mantine/core';
import { useField, type Bound } from './use-field';

// Its own file: the combobox behind it is heavy, and the sign-in page's text fields should not load it.
export function AutocompleteField({ name, onChange, ...props }: Bound<AutocompleteProps, string>) {
  const { value, set, ...field } = useField<string>(name, onChange);
  return <Autocomplete {...props} {...field} value={value ?? ''} onChange={set} />;
}
