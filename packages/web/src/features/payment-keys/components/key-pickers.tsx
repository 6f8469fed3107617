import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { KeyUsage } from '@keydeck/contract/payment-keys';
import { deviceGroupNamesQueryOptions } from '../api/device-group-names.api';
import { activeKeysQueryOptions } from '../api/symmetric-keys.api';
import { ALGORITHM_SHORT } from './key-cells';
import { PickerField, type PickerFieldProps } from './picker-field';

type PickerProps = Omit<PickerFieldProps, 'options' | 'loading' | 'onSearch' | 'nothingFound'> & { serviceId: string };

/**
 * An active key of the service by name, each option with its usage and KCV; `usage` keeps only keys of that usage
 * (K1 for a key block protection key).
 */
export function ActiveKeyField({ serviceId, usage, ...props }: PickerProps & { usage?: KeyUsage }) {
  const [search, setSearch] = useState('');
  const keys = useQuery(activeKeysQueryOptions(serviceId, search || undefined));
  const shown = (keys.data?.data ?? []).filter((key) => !usage || key.usage === usage);
  const facts = new Map(shown.map((key) => [key.name, `${key.usage} · ${ALGORITHM_SHORT[key.algorithm]} · KCV ${key.kcv}`]));
  return (
    <PickerField
      {...props}
      options={shown.map((key) => ({ value: key.name, label: key.name }))}
      loading={keys.isFetching}
      onSearch={setSearch}
      nothingFound={usage ? `No active ${usage} key matches` : 'No active key matches'}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {facts.get(option.value)}
          </Text>
        </Stack>
      )}
    />
  );
}

/** A device group of the service, by name (the Device Groups section makes them). */
export function DeviceGroupField({ serviceId, ...props }: PickerProps) {
  const [search, setSearch] = useState('');
  const groups = useQuery(deviceGroupNamesQueryOptions(serviceId, search || undefined));
  return (
    <PickerField
      {...props}
      options={(groups.data?.names ?? []).map((name) => ({ value: name, label: name }))}
      loading={groups.isFetching}
      onSearch={setSearch}
      nothingFound="No device group matches"
    />
  );
}
