import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { KBPK_MODES, KEY_ALGORITHM_SHORT, isStrongerThan, type KeyAlgorithm, type SymmetricKey } from '@keydeck/contract/payment-keys';
import { deviceGroupNamesQueryOptions } from '../api/device-group-names.api';
import { activeKeysQueryOptions } from '../api/symmetric-keys.api';
import { PickerField, type PickerFieldProps } from './picker-field';

type PickerProps = Omit<PickerFieldProps, 'options' | 'loading' | 'onSearch' | 'nothingFound'> & { serviceId: string };

/** Which active keys a picker offers, and what it says when none of them is. */
interface KeyChoice {
  accepts: (key: SymmetricKey) => boolean;
  nothingFound: string;
}

/**
 * An active key of the service by name, each option with its usage and KCV; `only` narrows the choice (a KBPK that
 * can do the job). When the service has no such key at all (every active key was fetched, none fits), the field is
 * disabled and says why under its label, rather than opening onto an empty list.
 */
export function ActiveKeyField({ serviceId, only, description, disabled, ...props }: PickerProps & { only?: KeyChoice }) {
  const [search, setSearch] = useState('');
  const keys = useQuery(activeKeysQueryOptions(serviceId, search || undefined));
  const fetched = keys.data?.data ?? [];
  const shown = fetched.filter((key) => !only || only.accepts(key));
  const facts = new Map(shown.map((key) => [key.name, `${key.usage} · ${KEY_ALGORITHM_SHORT[key.algorithm]} · KCV ${key.kcv}`]));
  const noneAtAll = only !== undefined && keys.isSuccess && !keys.isFetching && !search && shown.length === 0 && keys.data.total <= fetched.length;
  return (
    <PickerField
      {...props}
      disabled={disabled || noneAtAll}
      description={noneAtAll ? only.nothingFound : description}
      options={shown.map((key) => ({ value: key.name, label: key.name }))}
      loading={keys.isFetching}
      onSearch={setSearch}
      nothingFound={only?.nothingFound ?? 'No active key matches'}
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

type KbpkUse = 'wrap' | 'unwrap';
const modesText = (use: KbpkUse) => KBPK_MODES[use].join(', ').replace(/, (\w)$/, ' or $1');

/**
 * A key block protection key (usage K1) whose mode of use lets it `use` key blocks, as the server requires; wrapping
 * a known key (`protects`), only KBPKs at least as strong as that key and other than it: X9.24 sends no key under a
 * weaker one, so a weaker KBPK is not offered at all.
 */
export function KbpkField({ use, protects, ...props }: PickerProps & { use: KbpkUse; protects?: { name: string; algorithm: KeyAlgorithm } }) {
  const modes: readonly string[] = KBPK_MODES[use];
  const only: KeyChoice = {
    accepts: (key) =>
      key.usage === 'K1' && modes.includes(key.mode_of_use) && (!protects || (key.name !== protects.name && !isStrongerThan(protects.algorithm, key.algorithm))),
    nothingFound: protects
      ? `No active key block protection key can wrap ${protects.name}: that takes a K1 key of ${KEY_ALGORITHM_SHORT[protects.algorithm]} or stronger, with mode of use ${modesText(use)}.`
      : `No active K1 key with mode of use ${modesText(use)} matches.`,
  };
  return <ActiveKeyField {...props} only={only} />;
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
