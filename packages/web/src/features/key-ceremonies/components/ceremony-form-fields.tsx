import { Group, Radio, Text } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { CEREMONY_HOURS_MAX } from '@keydeck/contract/key-ceremonies';
import { RadioGroupField } from '../../../lib/ui/choice-fields';
import { NumberField } from '../../../lib/ui/number-field';
import { custodiansError } from '../api/open-ceremony-form';

// The fields a ceremony's and an export's forms both ask: how many components, whom, until when.

export function ComponentsCountField() {
  return (
    <RadioGroupField name="components" label="Components" withAsterisk>
      <Group gap="lg" mt={6}>
        <Radio value="2" label="Two components" />
        <Radio value="3" label="Three components" />
      </Group>
    </RadioGroupField>
  );
}

/** Why the custodians picked do not do; the picks are checkboxes, so the error is the group's, not a field's. */
export function CustodiansPickError() {
  const error = custodiansError(useFormContext().formState.errors);
  return error ? (
    <Text size="sm" c="error" role="alert">
      {error}
    </Text>
  ) : null;
}

export function ExpiresInHoursField() {
  return <NumberField name="expires_in_hours" label="Expires in (hours)" min={1} max={CEREMONY_HOURS_MAX} allowDecimal={false} w={{ base: '100%', xs: 200 }} />;
}
