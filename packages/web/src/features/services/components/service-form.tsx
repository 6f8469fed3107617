import type { ReactNode } from 'react';
import { z } from 'zod';
import { SimpleGrid, Stack } from '@mantine/core';
import { serviceRequestBody, serviceTypeDescription, type ServicesPage } from '@keydeck/contract/services';
import { useContractForm } from '../../../lib/use-contract-form';
import { CheckboxField, SelectField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { TextField } from '../../../lib/ui/text-fields';

/** The admin batch endpoint names fields by position: services.0.name. */
const BATCH_PREFIX = /^services\.\d+\./;

const serviceFormSchema = serviceRequestBody.extend({ use_jwt: z.boolean() });
export type ServiceFormValues = z.output<typeof serviceFormSchema>;

interface ServiceFormProps {
  /** The types offered, with display names. */
  types: { type: string; type_name: string }[];
  catalogue: Pick<ServicesPage, 'service_locations' | 'environments'>;
  initialType?: string;
  /** Platform administrators also choose whether the service's API uses JWT bearer tokens. */
  withJwt?: boolean;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: ServiceFormValues) => Promise<unknown>;
  actions?: ReactNode;
}

/** A new service: type, name, location and environment (the customer's request and the administrator's create). */
export function ServiceForm({ types, catalogue, initialType, withJwt = false, submitLabel, pending, onSubmit, actions }: ServiceFormProps) {
  const form = useContractForm({
    schema: serviceFormSchema,
    defaultValues: {
      // A type the catalogue did not preselect is left for the user to choose: the schema refuses it until then.
      type: (initialType ?? '') as ServiceFormValues['type'],
      name: '',
      location: catalogue.service_locations[0]?.id ?? '',
      environment: catalogue.environments[0] ?? '',
      use_jwt: false,
    },
    batchPrefix: BATCH_PREFIX,
    onSubmit,
  });

  return (
    <ContractForm form={form} aria-label={submitLabel}>
      <Stack gap="md">
        <FormAlert />
        <SelectField
          name="type"
          label="Type"
          placeholder="Choose a service type"
          withAsterisk
          searchable
          description={serviceTypeDescription(form.watch('type'))}
          data={types.map((option) => ({ value: option.type, label: option.type_name }))}
        />
        <TextField name="name" label="Name" withAsterisk data-autofocus maxLength={100} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <SelectField
            name="location"
            label="Location"
            withAsterisk
            data={catalogue.service_locations.map((option) => ({ value: option.id, label: option.name }))}
          />
          <SelectField name="environment" label="Environment" withAsterisk data={catalogue.environments} />
        </SimpleGrid>
        {withJwt ? (
          <CheckboxField name="use_jwt" label="Use JWT" description="The service's API takes a bearer token, issued at service login." />
        ) : null}
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </ContractForm>
  );
}
