import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { kcvHex } from '@keydeck/contract/payment-keys';
import { useContractForm } from '../../../lib/use-contract-form';
import { RadioGroupField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormFooter } from '../../../lib/ui/form-footer';
import { TextField } from '../../../lib/ui/text-fields';
import { emptyKeyAttributes, keyAttributeShape, withModeCheck } from '../../../lib/key-attributes';
import { KeyAttributeFields, KeyGroupField } from '../../../lib/ui/key-attribute-fields';

export const ceremonyFields = withModeCheck(
  z.object({
    ...keyAttributeShape,
    components: z.enum(['2', '3'], 'Choose how many components'),
    /** The combined key's KCV from the ceremony paperwork, when the custodians have it: the server checks it too. */
    kcv: z.union([z.literal(''), kcvHex]),
  }),
);
export type CeremonyAttributes = z.output<typeof ceremonyFields>;
export type CeremonyAttributesInput = z.input<typeof ceremonyFields>;

interface CeremonyAttributesFormProps {
  serviceId: string;
  /** What was chosen before (coming back after a refusal), or empty. */
  start: CeremonyAttributesInput | null;
  group: string | undefined;
  submitLabel: string;
  onChosen: (attributes: CeremonyAttributes) => void;
  onCancel: () => void;
}

/** The ceremony's first step: the key's name and TR-31 attributes, and how many custodians hold a component. */
export function CeremonyAttributesForm({ serviceId, start, group, submitLabel, onChosen, onCancel }: CeremonyAttributesFormProps) {
  const form = useContractForm({
    schema: ceremonyFields,
    defaultValues: start ?? { ...emptyKeyAttributes(group), components: '2', kcv: '' },
    onSubmit: async (attributes) => onChosen(attributes),
  });
  return (
    <ContractForm form={form} aria-label="Key attributes">
      <Stack gap="md">
        <TextField name="name" label="Name" withAsterisk data-autofocus autoComplete="off" />
        <KeyGroupField serviceId={serviceId} name="group" label="Key group" withAsterisk />
        <KeyAttributeFields />
        <RadioGroupField name="components" label="Components" description="Each held by a different custodian" withAsterisk>
          <Group gap="lg" mt="xs">
            <Radio value="2" label="Two components" />
            <Radio value="3" label="Three components" />
          </Group>
        </RadioGroupField>
        <TextField
          name="kcv"
          label="KCV of the combined key (optional)"
          description="From the ceremony paperwork: the key is refused if the components combine to another key."
          autoComplete="off"
          maxLength={8}
          w={{ base: '100%', xs: 260 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Text size="xs" c="dimmed">
          Component values are entered one at a time on the next screens, each checked against its KCV and cleared once confirmed. They are sent
          to the keystore only when the key is created.
        </Text>
        <FormFooter
          submitLabel={submitLabel}
          pending={false}
          actions={
            <Button variant="default" onClick={onCancel}>
              Cancel ceremony
            </Button>
          }
        />
      </Stack>
    </ContractForm>
  );
}
