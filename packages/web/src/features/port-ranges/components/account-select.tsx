import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useController } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { accountOptionsQueryOptions } from '../api/port-ranges.api';

export interface AccountChoice {
  id: string;
  name: string;
}

interface AccountSelectProps {
  label: string;
  description?: string;
  value: AccountChoice | null;
  onChange: (account: AccountChoice | null) => void;
  error?: string;
}

/** Picks a company account by name; the server searches (GET admin/accounts?search=) as the user types. */
export function AccountSelect({ label, description, value, onChange, error }: AccountSelectProps) {
  const [search, setSearch] = useState(value?.name ?? '');
  const [debounced] = useDebouncedValue(search === value?.name ? '' : search, 250);
  const accounts = useQuery(accountOptionsQueryOptions(debounced));
  const options = (accounts.data?.data ?? []).map((account) => ({ value: account.id, label: account.name }));
  // The chosen account stays an option while the search shows others.
  if (value && !options.some((option) => option.value === value.id)) options.unshift({ value: value.id, label: value.name });

  return (
    <Select
      label={label}
      description={description}
      placeholder="Search accounts by name"
      searchable
      clearable
      data={options}
      value={value?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by name.
      filter={({ options: all }) => all}
      nothingFoundMessage={accounts.isFetching ? 'Searching…' : 'No account matches'}
      error={error}
      onChange={(id, option) => onChange(id ? { id, name: option?.label ?? id } : null)}
    />
  );
}

/** AccountSelect in a ContractForm: the field holds the account's id (or null), the select shows its name. */
export function AccountField({ name, ...props }: Omit<AccountSelectProps, 'value' | 'onChange' | 'error'> & { name: string }) {
  const { field, fieldState } = useController({ name });
  const [chosen, setChosen] = useState<AccountChoice | null>(null);
  return (
    <AccountSelect
      {...props}
      value={field.value && chosen?.id === field.value ? chosen : null}
      error={fieldState.error?.message}
      onChange={(choice) => {
        setChosen(choice);
        field.onChange(choice?.id ?? null);
      }}
    />
  );
}
