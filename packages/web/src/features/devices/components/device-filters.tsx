import { Group, NativeSelect, TextInput } from '@mantine/core';
import type { DeviceListPatch, DeviceListState } from '../api/device-list';
import { GroupSelect } from './group-select';

const ARCHIVED = [
  { value: '', label: 'All devices' },
  { value: 'false', label: 'Not archived' },
  { value: 'true', label: 'Archived only' },
];
const OPERATORS = [
  { value: 'and', label: 'All filters' },
  { value: 'or', label: 'Any filter' },
];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface DeviceFiltersProps {
  serviceId: string;
  state: DeviceListState;
  onChange: (patch: DeviceListPatch) => void;
  /** The server's refusal of a filter, by field (an end date before the start date). */
  errors: Partial<Record<'date_start' | 'date_end', string>>;
}

/**
 * The spec §3 filters: archived, group and the day added (inclusive), and whether a device must match all of them
 * or any one. Every change goes to the URL and back to page 1; the serial search is the table's own box.
 */
export function DeviceFilters({ serviceId, state, onChange, errors }: DeviceFiltersProps) {
  const set = (patch: DeviceListPatch) => onChange({ ...patch, page: 1 });
  const date = (value: string) => (DATE.test(value) ? value : undefined);
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <NativeSelect
        label="Archived"
        data={ARCHIVED}
        value={state.archived === undefined ? '' : String(state.archived)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          set({ archived: value === '' ? undefined : value === 'true' });
        }}
        w={{ base: '100%', xs: 140 }}
      />
      <GroupSelect
        serviceId={serviceId}
        label="Group"
        placeholder="Any group"
        clearable
        value={state.group ?? null}
        onChange={(group) => set({ group: group ?? undefined })}
        w={{ base: '100%', xs: 200 }}
      />
      <TextInput
        type="date"
        label="Added from"
        value={state.date_start ?? ''}
        onChange={(event) => set({ date_start: date(event.currentTarget.value) })}
        error={errors.date_start}
        w={{ base: '100%', xs: 160 }}
      />
      <TextInput
        type="date"
        label="Added to"
        value={state.date_end ?? ''}
        onChange={(event) => set({ date_end: date(event.currentTarget.value) })}
        error={errors.date_end}
        w={{ base: '100%', xs: 160 }}
      />
      <NativeSelect
        label="Match"
        data={OPERATORS}
        value={state.operator}
        onChange={(event) => set({ operator: event.currentTarget.value === 'or' ? 'or' : 'and' })}
        w={{ base: '100%', xs: 130 }}
      />
    </Group>
  );
}
