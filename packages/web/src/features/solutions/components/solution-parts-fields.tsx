import '@mantine/core/styles/Fieldset.css';
import { ActionIcon, Button, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { SERVICE_TYPES } from '@keydeck/contract/services';
import type { SolutionBody } from '@keydeck/contract/solutions';
import { SelectField } from '../../../lib/ui/choice-fields';
import { TextField } from '../../../lib/ui/text-fields';

export type Placements = { service_locations: { id: string; name: string }[]; environments: string[] };

const TYPE_OPTIONS = Object.entries(SERVICE_TYPES).map(([value, label]) => ({ value, label }));

/** A new service row: the first location and environment preselected. */
export const emptyService = (placements: Placements): SolutionBody['services'][number] => ({
  type: '' as SolutionBody['services'][number]['type'],
  name: '',
  location: placements.service_locations[0]?.id ?? '',
  environment: placements.environments[0] ?? '',
  key_groups: [],
  device_models: [],
});

/** One service of the solution: what it is, where it runs, and the key groups and device models onboarding creates in it. */
export function SolutionServiceFields({ index, placements, onRemove }: { index: number; placements: Placements; onRemove?: (() => void) | undefined }) {
  const prefix = `services.${index}` as const;
  return (
    <Fieldset legend={`Service ${index + 1}`} aria-label={`Service ${index + 1}`}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <SelectField name={`${prefix}.type`} label="Type" placeholder="Choose a service type" withAsterisk searchable data={TYPE_OPTIONS} />
          <TextField name={`${prefix}.name`} label="Service name" withAsterisk maxLength={100} />
          <SelectField
            name={`${prefix}.location`}
            label="Location"
            withAsterisk
            data={placements.service_locations.map((l) => ({ value: l.id, label: l.name }))}
          />
          <SelectField name={`${prefix}.environment`} label="Environment" withAsterisk data={placements.environments} />
        </SimpleGrid>
        <NamedRows name={`${prefix}.key_groups`} noun="key group" label="Key groups" extra={{ key_retrieval_algorithm: 'static' }} />
        <NamedRows name={`${prefix}.device_models`} noun="device model" label="Device models" />
        {onRemove ? (
          <Group justify="flex-end">
            <Button variant="subtle" color="error" size="xs" onClick={onRemove}>
              Remove service {index + 1}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Fieldset>
  );
}

type RowsName = `services.${number}.key_groups` | `services.${number}.device_models`;

/** Rows of names (key groups, device models): each a text field, with add and remove. */
function NamedRows({ name, noun, label, extra = {} }: { name: RowsName; noun: string; label: string; extra?: Record<string, string> }) {
  const { control } = useFormContext<SolutionBody>();
  const rows = useFieldArray({ control, name: name as `services.${number}.device_models` });
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {rows.fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : null}
      {rows.fields.map((row, i) => (
        <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap">
          <TextField name={`${name}.${i}.name`} aria-label={`${label} ${i + 1}`} placeholder={`Name of the ${noun}`} maxLength={100} style={{ flex: 1 }} />
          <ActionIcon variant="subtle" color="error" size="lg" aria-label={`Remove ${noun} ${i + 1}`} onClick={() => rows.remove(i)}>
            ×
          </ActionIcon>
        </Group>
      ))}
      <Button variant="default" size="xs" w="fit-content" onClick={() => rows.append({ name: '', ...extra })}>
        Add {noun}
      </Button>
    </Stack>
  );
}
