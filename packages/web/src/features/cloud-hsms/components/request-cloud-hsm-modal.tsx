import { z } from 'zod';
import { Alert, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CLOUD_HSM_NAME_MAX_LENGTH, cloudHsmRequestBody } from '@keydeck/contract/cloud-hsms';
import type { CatalogueBlueprint } from '@keydeck/contract/blueprints';
import { useContractForm } from '../../../lib/use-contract-form';
import { SelectField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { cloudCatalogueQueryOptions, useRequestCloudHsm, type ServiceRef } from '../api/cloud-hsms.api';
import { zoneLabel } from './cloud-hsm-text';

/** The contract's body, with words for a choice not made yet. */
const requestForm = cloudHsmRequestBody.extend({
  blueprint_id: z.string().uuid('Choose a blueprint'),
  zone_id: z.string().uuid('Choose a location'),
});
type RequestValues = z.output<typeof requestForm>;

/** Request a cloud HSM: a name, a blueprint of the catalogue and a location it is offered in. */
export function RequestCloudHsmModal({ service, opened, onClose }: { service: ServiceRef; opened: boolean; onClose: () => void }) {
  const request = useRequestCloudHsm(service);
  const catalogue = useQuery({ ...cloudCatalogueQueryOptions(), enabled: opened });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Request a cloud HSM"
      mutations={[request]}
      onSubmit={async (values: RequestValues) => {
        const hsm = await request.mutateAsync(values);
        return `${hsm.name} requested. It is Pending Provisioning.`;
      }}
    >
      {(slot) =>
        catalogue.data ? (
          catalogue.data.data.length > 0 ? (
            <RequestForm blueprints={catalogue.data.data} {...slot} />
          ) : (
            <Alert color="warning" variant="light" title="Nothing to request yet">
              No blueprint is offered to your account at the moment. Ask your platform administrator to publish one.
            </Alert>
          )
        ) : (
          <Text size="sm" c="dimmed" role="status">
            {catalogue.isError ? 'The catalogue could not be loaded.' : 'Loading the catalogue…'}
          </Text>
        )
      }
    </FormModal>
  );
}

function RequestForm({ blueprints, onSubmit, pending, actions }: FormModalSlot<RequestValues> & { blueprints: CatalogueBlueprint[] }) {
  const only = blueprints.length === 1 ? blueprints[0] : undefined;
  const form = useContractForm({
    schema: requestForm,
    defaultValues: { name: '', blueprint_id: only?.id ?? '', zone_id: only?.zones.length === 1 ? only.zones[0]!.id : '' },
    statuses: [400, 409],
    onSubmit,
  });
  const blueprint = blueprints.find((candidate) => candidate.id === form.watch('blueprint_id'));

  return (
    <ContractForm form={form} aria-label="Request a cloud HSM">
      <Stack gap="md">
        <FormAlert />
        <TextField
          name="name"
          label="Name"
          description="Also the token label your PKCS#11 applications select it by."
          withAsterisk
          data-autofocus
          maxLength={CLOUD_HSM_NAME_MAX_LENGTH}
          autoComplete="off"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <SelectField
            name="blueprint_id"
            label="Blueprint"
            placeholder="Choose a blueprint"
            withAsterisk
            allowDeselect={false}
            data={blueprints.map((option) => ({ value: option.id, label: option.name }))}
            onChange={(id) => {
              const zones = blueprints.find((candidate) => candidate.id === id)?.zones ?? [];
              form.setValue('zone_id', zones.length === 1 ? zones[0]!.id : '');
            }}
          />
          <SelectField
            name="zone_id"
            label="Location"
            placeholder={blueprint ? 'Choose a location' : 'Choose a blueprint first'}
            withAsterisk
            allowDeselect={false}
            disabled={!blueprint}
            data={(blueprint?.zones ?? []).map((zone) => ({ value: zone.id, label: zoneLabel(zone) }))}
          />
        </SimpleGrid>
        {blueprint ? <BlueprintFacts blueprint={blueprint} /> : null}
        <FormFooter actions={actions} submitLabel="Request cloud HSM" pending={pending} />
      </Stack>
    </ContractForm>
  );
}

/** What the chosen blueprint makes: the model, its partitions and how many ports it takes from the account's ranges. */
function BlueprintFacts({ blueprint }: { blueprint: CatalogueBlueprint }) {
  const facts = [
    ['Model', blueprint.model],
    ['Partitions', String(blueprint.partitions)],
    ['Ports', String(blueprint.ports)],
    ['Backups', blueprint.policies.backup_allowed ? 'Allowed' : 'Not allowed'],
  ];
  return (
    <Paper withBorder p="sm" radius="md" aria-label={`Blueprint ${blueprint.name}`} component="section">
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {label}
            </Text>
            <Text size="sm" fw={600}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs">
        Its ports come from your account&apos;s port ranges.{blueprint.policies.fips_mode ? ' The token accepts FIPS-approved mechanisms only.' : ''}
      </Text>
    </Paper>
  );
}
