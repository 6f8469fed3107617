import { Group, Radio, Stack, Text } from '@mantine/core';
import { CEREMONY_HOURS_MAX, type KeyCeremonyOpen, type KeyCustodian } from '@keydeck/contract/key-ceremonies';
import { formErrorView } from '../../../lib/form-errors';
import { CheckboxField, RadioGroupField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { KeyAttributeFields, KeyGroupField } from '../../../lib/ui/key-attribute-fields';
import { NumberField } from '../../../lib/ui/number-field';
import { TextField } from '../../../lib/ui/text-fields';
import { useContractForm } from '../../../lib/use-contract-form';
import { useOpenKeyCeremony } from '../api/key-ceremonies.api';
import { openedCeremony } from '../api/ceremony-texts';
import { custodiansError, emptyOpenCeremony, OPEN_FIELDS, openCeremonyForm } from '../api/open-ceremony-form';

interface OpenCeremonyModalProps {
  serviceId: string;
  opened: boolean;
  /** The designated custodians, whom a ceremony may name. */
  custodians: KeyCustodian[];
  onClose: () => void;
}

/** Opens a ceremony: the key to assemble, how many components, who enters them and until when. */
export function OpenCeremonyModal({ serviceId, opened, custodians, onClose }: OpenCeremonyModalProps) {
  const open = useOpenKeyCeremony(serviceId);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Open a key ceremony"
      size={640}
      mutations={[open]}
      onSubmit={async (body: KeyCeremonyOpen) => {
        const ceremony = await open.mutateAsync(body);
        return openedCeremony(ceremony.name);
      }}
    >
      {(slot) => <OpenCeremonyForm serviceId={serviceId} custodians={custodians} {...slot} />}
    </FormModal>
  );
}

function OpenCeremonyForm({ serviceId, custodians, onSubmit, pending, actions }: { serviceId: string; custodians: KeyCustodian[] } & FormModalSlot<KeyCeremonyOpen>) {
  const form = useContractForm({
    schema: openCeremonyForm,
    defaultValues: emptyOpenCeremony(custodians.map((c) => c.user_id)),
    onSubmit,
    errorView: (error) => formErrorView(error, OPEN_FIELDS, undefined, [400, 409]),
  });
  const named = form.watch('who') === 'named';
  const namedError = custodiansError(form.formState.errors);
  return (
    <ContractForm form={form} aria-label="Open a key ceremony">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Each custodian then enters their component in their own session; the key is created in the keystore once the last one is in.
        </Text>
        <FormAlert />
        <TextField name="name" label="Name" withAsterisk data-autofocus autoComplete="off" />
        <KeyGroupField serviceId={serviceId} name="group" label="Key group" withAsterisk />
        <KeyAttributeFields />
        <RadioGroupField name="components" label="Components" withAsterisk>
          <Group gap="lg" mt={6}>
            <Radio value="2" label="Two components" />
            <Radio value="3" label="Three components" />
          </Group>
        </RadioGroupField>
        <RadioGroupField name="who" label="Custodians">
          <Group gap="lg" mt={6}>
            <Radio value="any" label="Any designated custodians" />
            <Radio value="named" label="Named custodians" disabled={custodians.length === 0} />
          </Group>
        </RadioGroupField>
        {named ? (
          <Stack gap="xs" role="group" aria-label="Named custodians" pl="md">
            {custodians.map((custodian) => (
              <CheckboxField key={custodian.user_id} name={`named.${custodian.user_id}`} label={custodian.username} />
            ))}
          </Stack>
        ) : null}
        {namedError ? (
          <Text size="sm" c="error" role="alert">
            {namedError}
          </Text>
        ) : null}
        <NumberField name="expires_in_hours" label="Expires in (hours)" min={1} max={CEREMONY_HOURS_MAX} allowDecimal={false} w={{ base: '100%', xs: 200 }} />
        <FormFooter submitLabel="Open ceremony" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
