import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { useState, type Ref } from 'react';
import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { deviceGroupsQueryOptions } from '../api/device-groups.api';

export interface GroupSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'filter'> {
  serviceId: string;
  value: string | null;
  onChange: (group: string | null) => void;
  ref?: Ref<HTMLInputElement>;
  /** Groups that may not be chosen (those being deleted). */
  exclude?: readonly string[];
}

/**
 * A device group picker for services with many groups: the server searches by name (names only) and the list loads
 * its next chunk when scrolled to its end.
 */
export function GroupSelect({ serviceId, value, onChange, exclude = [], ...props }: GroupSelectProps) {
  const [typed, setTyped] = useState('');
  // The box shows the chosen name once picked: that is not a search.
  const [search] = useDebouncedValue(typed === value ? '' : typed.trim(), 300);
  const groups = useInfiniteQuery(deviceGroupsQueryOptions(serviceId, search || undefined, true));
  const names = (groups.data?.pages.flatMap((chunk) => chunk.data.map((group) => group.group_name)) ?? []).filter(
    (name) => !exclude.includes(name),
  );
  // The chosen group stays an option while a search shows others.
  const data = value && !names.includes(value) ? [value, ...names] : names;
  const loadMore = () => {
    if (groups.hasNextPage && !groups.isFetchingNextPage) void groups.fetchNextPage();
  };

  return (
    <Select
      {...props}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      onSearchChange={setTyped}
      // The server has filtered already.
      filter={({ options }) => options}
      nothingFoundMessage={groups.isFetching ? 'Loading groups…' : 'No group matches'}
      rightSection={groups.isFetching ? <Loader size="xs" aria-label="Loading groups" /> : undefined}
      scrollAreaProps={{ onBottomReached: loadMore }}
      maxDropdownHeight={260}
    />
  );
}
