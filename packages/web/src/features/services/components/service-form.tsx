import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState, type FormEvent, type ReactNode } from 'react';
import { z } from 'zod';
import { Checkbox, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { serviceRequestBody, type ServiceRequest, type ServicesPage } from '@keydeck/contract/services';
import { useFormRefusals } from '../../../lib/use-form-refusals';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';

type Field = keyof ServiceRequest | 'use_jwt';
const FIELDS: readonly Field[] = ['type', 'name', 'location', 'environment', 'use_jwt'];
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
  const [type, setType] = useState<string | null>(initialType ?? null);
  const [name, setName] = useState('');
  const [location, setLocation] = useState<string | null>(catalogue.service_locations[0]?.id ?? null);
  const [environment, setEnvironment] = useState<string | null>(catalogue.environments[0] ?? null);
  const [useJwt, setUseJwt] = useState(false);
  const { formRef, errors, message, clear, submit: send } = useFormRefusals({ fields: FIELDS, batchPrefix: BATCH_PREFIX, onSubmit });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    send(event, () => serviceFormSchema.safeParse({ type: type ?? '', name, location: location ?? '', environment: environment ?? '', use_jwt: useJwt }));
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        <FormAlert message={message} />
        <Select
          label="Type"
          placeholder="Choose a service type"
          withAsterisk
          searchable
          data={types.map((option) => ({ value: option.type, label: option.type_name }))}
          value={type}
          error={errors.type}
          onChange={(value) => {
            setType(value);
            clear('type');
          }}
        />
        <TextInput
          label="Name"
          withAsterisk
          data-autofocus
          maxLength={100}
          value={name}
          error={errors.name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            clear('name');
          }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <Select
            label="Location"
            withAsterisk
            data={catalogue.service_locations.map((option) => ({ value: option.id, label: option.name }))}
            value={location}
            error={errors.location}
            onChange={(value) => {
              setLocation(value);
              clear('location');
            }}
          />
          <Select
            label="Environment"
            withAsterisk
            data={catalogue.environments}
            value={environment}
            error={errors.environment}
            onChange={(value) => {
              setEnvironment(value);
              clear('environment');
            }}
          />
        </SimpleGrid>
        {withJwt ? (
          <Checkbox
            label="Use JWT"
            description="The service's API takes a bearer token, issued at service login."
            checked={useJwt}
            error={errors.use_jwt}
            onChange={(event) => setUseJwt(event.currentTarget.checked)}
          />
        ) : null}
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </form>
  );
}
