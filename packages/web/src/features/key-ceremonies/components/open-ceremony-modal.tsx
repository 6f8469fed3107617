import { Group, Radio, Stack, Text } from '@mantine/core';
import type { KeyCeremonyOpen, KeyCustodian } from '@keydeck/contract/key-ceremonies';
import { formErrorView } from '../../../lib/form-errors';
import { CheckboxField, RadioGroupField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { KeyAttributeFields, KeyGroupField } from '../../../lib/ui/key-attribute-fields';
import { TextField } from '../../../lib/ui/text-fields';
import { useContractForm } from '../../../lib/use-contract-form';
import { useOpenKeyCeremony } from '../api/key-ceremonies.api';
import { openedCeremony } from '../api/ceremony-texts';
import { emptyOpenCeremony, OPEN_FIELDS, openCeremonyForm } from '../api/open-ceremony-form';
import { ComponentsCountField, CustodiansPickError, ExpiresInHoursField } from './ceremony-form-fields';

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
        <ComponentsCountField />
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
        <CustodiansPickError />
        <ExpiresInHoursField />
        <FormFooter submitLabel="Open ceremony" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
