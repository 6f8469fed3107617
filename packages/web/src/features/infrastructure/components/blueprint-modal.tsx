import '@mantine/core/styles/Fieldset.css';
import type { ReactNode } from 'react';
import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { BLUEPRINT_POLICY_DEFAULTS, blueprintFields, type Blueprint, type BlueprintFields } from '@keydeck/contract/blueprints';
import { useContractForm } from '../../../lib/use-contract-form';
import { SwitchField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal } from '../../../lib/ui/form-modal';
import { NumberField } from '../../../lib/ui/number-field';
import { TextField } from '../../../lib/ui/text-fields';
import { useSaveBlueprint } from '../api/blueprints.api';
import { FORM_STATUSES } from '../api/infrastructure-keys';
import { ProvisionerGroupField } from './reference-fields';

const COUNT = { withAsterisk: true, allowDecimal: false, allowNegative: false } as const;

interface BlueprintModalProps {
  editing: Blueprint | 'new' | null;
  onClose: () => void;
}

/** Create or edit an HSM template customers request cloud HSMs from. */
export function BlueprintModal({ editing, onClose }: BlueprintModalProps) {
  const save = useSaveBlueprint();
  const blueprint = editing === 'new' ? undefined : (editing ?? undefined);
  return (
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      title={blueprint ? `Edit blueprint ${blueprint.name}` : 'New blueprint'}
      mutations={[save]}
      onSubmit={async (fields: BlueprintFields) => {
        const saved = await save.mutateAsync({ id: blueprint?.id, fields });
        return `Blueprint ${saved.name} ${blueprint ? 'saved' : 'created'}.`;
      }}
    >
      {(form) => <BlueprintForm blueprint={blueprint} submitLabel={blueprint ? 'Save changes' : 'Create blueprint'} {...form} />}
    </FormModal>
  );
}

interface BlueprintFormProps {
  blueprint?: Blueprint;
  onSubmit: (fields: BlueprintFields) => Promise<unknown>;
  pending: boolean;
  submitLabel: string;
  actions?: ReactNode;
}

export function BlueprintForm({ blueprint, onSubmit, pending, submitLabel, actions }: BlueprintFormProps) {
  const form = useContractForm({
    schema: blueprintFields,
    defaultValues: {
      name: blueprint?.name ?? '',
      model: blueprint?.model ?? '',
      partitions: blueprint?.partitions ?? 1,
      ports: blueprint?.ports ?? 2,
      provisioner_group_id: blueprint?.provisioner_group_id ?? '',
      policies: blueprint?.policies ?? BLUEPRINT_POLICY_DEFAULTS,
      enabled: blueprint?.enabled ?? true,
    },
    statuses: FORM_STATUSES,
    onSubmit,
  });
  return (
    <ContractForm form={form} aria-label={blueprint ? `Blueprint ${blueprint.name}` : 'New blueprint'}>
      <Stack gap="md">
        <FormAlert />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <TextField name="name" label="Name" withAsterisk data-autofocus description="Customers choose a blueprint by its name" placeholder="Standard HSM" />
          <TextField name="model" label="Model" withAsterisk description="Licenses are held per model" placeholder="SoftHSM2" />
          <NumberField name="partitions" label="Partitions" description="Tokens per HSM, 1 to 100" min={1} max={100} {...COUNT} />
          <NumberField name="ports" label="Ports" description="Taken from the account's port ranges, 1 to 16" min={1} max={16} {...COUNT} />
        </SimpleGrid>
        <ProvisionerGroupField name="provisioner_group_id" label="Provisioner group" description="Where its HSMs are placed, and so the zone of their addresses" />
        <Fieldset legend="Policies" variant="filled">
          <Stack gap="sm">
            <SwitchField name="policies.fips_mode" label="FIPS mode" description="Only FIPS-approved mechanisms on the token" />
            <NumberField name="policies.min_pin_length" label="Minimum PIN length" min={4} max={64} {...COUNT} maw={220} />
            <SwitchField name="policies.backup_allowed" label="Backups allowed" description="The customer may download encrypted backups of the token" />
          </Stack>
        </Fieldset>
        <SwitchField name="enabled" label="Enabled" description="Customers can request HSMs from enabled blueprints only" />
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </ContractForm>
  );
}
