import { SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { EXPORTABILITY, KEY_ALGORITHM_LABELS, KEY_ALGORITHMS, KEY_USAGE_CODES, KEY_USAGES, MODES_FOR_USAGE, MODES_OF_USE, type KeyUsage } from '@keydeck/contract/payment-keys';
import { SelectField } from './choice-fields';
import { TextField } from './text-fields';
import { keyGroupsQueryOptions } from '../key-groups.queries';

const ALGORITHMS = KEY_ALGORITHMS.map((id) => ({ value: id, label: KEY_ALGORITHM_LABELS[id] }));
const USAGES = KEY_USAGE_CODES.map((code) => ({ value: code, label: `${code} · ${KEY_USAGES[code]}` }));
const EXPORT_CHOICES = (Object.keys(EXPORTABILITY) as (keyof typeof EXPORTABILITY)[]).map((code) => ({ value: code, label: `${code} · ${EXPORTABILITY[code]}` }));

/** The key group a new key goes into; the service has few, so all are offered. */
export function KeyGroupField({ serviceId, ...props }: { serviceId: string; name: string; label: string; withAsterisk?: boolean; disabled?: boolean }) {
  const groups = useQuery(keyGroupsQueryOptions(serviceId));
  return (
    <SelectField
      {...props}
      data={(groups.data?.groups ?? []).map((group) => group.name)}
      placeholder={groups.data?.groups.length === 0 ? 'Create a key group first' : 'Choose a group'}
      nothingFoundMessage="No key group"
    />
  );
}

/**
 * The TR-31 attributes of a new key inside a key form: algorithm, usage, the modes of use that usage allows
 * (MODES_FOR_USAGE; a usage with one mode takes it at once), exportability and version. A choice once made is
 * changed, never emptied by clicking it again (allowDeselect off): each is required.
 */
export function KeyAttributeFields({ lockAlgorithm = false }: { lockAlgorithm?: boolean }) {
  const { watch, setValue, getValues, clearErrors } = useFormContext<{ usage: string; mode_of_use: string }>();
  const usage = watch('usage') as KeyUsage | '';
  const modes = usage ? MODES_FOR_USAGE[usage] : [];
  // Runs before the usage is stored, so nothing is validated here: the form would check the mode against the old usage.
  const pickUsage = (next: string | number) => {
    const allowed: readonly string[] = MODES_FOR_USAGE[next as KeyUsage] ?? [];
    const mode = getValues('mode_of_use');
    if (allowed.length === 1) {
      setValue('mode_of_use', allowed[0]!);
      clearErrors('mode_of_use');
    } else if (!allowed.includes(mode)) setValue('mode_of_use', '');
  };
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <SelectField name="algorithm" label="Algorithm" data={ALGORITHMS} placeholder="Choose an algorithm" withAsterisk disabled={lockAlgorithm} allowDeselect={false} />
      <SelectField name="usage" label="Key usage" data={USAGES} placeholder="Choose a usage" withAsterisk onChange={pickUsage} allowDeselect={false} />
      <SelectField
        name="mode_of_use"
        label="Mode of use"
        data={modes.map((code) => ({ value: code, label: `${code} · ${MODES_OF_USE[code]}` }))}
        placeholder={usage ? 'Choose a mode' : 'Choose the usage first'}
        description={modes.length === 1 ? `The only mode of use for usage ${usage}` : undefined}
        disabled={!usage}
        allowDeselect={false}
        withAsterisk
      />
      <SelectField name="exportability" label="Exportability" data={EXPORT_CHOICES} placeholder="Choose" withAsterisk allowDeselect={false} />
      <TextField name="version" label="Key version" description="Two letters or digits; 00 for none" maxLength={2} autoComplete="off" />
    </SimpleGrid>
  );
}
