import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { Loader, Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useField, type Bound } from '../../../lib/ui/use-field';

export type PickerFieldProps = Bound<Omit<SelectProps, 'data' | 'searchable' | 'filter' | 'onSearchChange'>, string> & {
  /** The choices the server found for the last search; each value is a name, shown as it is. */
  options: ComboboxItem[];
  loading: boolean;
  /** What is typed, after a pause; '' asks for the first choices. */
  onSearch: (search: string) => void;
  /** Said in the list when nothing matches. */
  nothingFound: string;
};

/**
 * A form field choosing one name among many the server searches (device groups, keys): typing narrows the list
 * on the server, and the chosen name stays an option while other text is typed. The empty choice is ''.
 */
export function PickerField({ name, onChange, options, loading, onSearch, nothingFound, ...props }: PickerFieldProps) {
  const { value, set, ...field } = useField<string>(name, onChange);
  const search = useDebouncedCallback(onSearch, 300);
  const data = value && !options.some((option) => option.value === value) ? [{ value, label: value }, ...options] : options;
  return (
    <Select
      {...props}
      {...field}
      data={data}
      value={value || null}
      onChange={(next) => set(next ?? '')}
      searchable
      // The box shows the chosen name once picked: that is not a search.
      onSearchChange={(typed) => search(typed === value ? '' : typed.trim())}
      // The server has filtered already.
      filter={({ options: shown }) => shown}
      nothingFoundMessage={loading ? 'Loading…' : nothingFound}
      rightSection={loading ? <Loader size="xs" aria-label="Loading choices" /> : undefined}
      maxDropdownHeight={260}
    />
  );
}
