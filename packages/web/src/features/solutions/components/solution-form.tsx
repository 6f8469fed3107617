import type { ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { useFieldArray } from 'react-hook-form';
import { errorEnvelope } from '@keydeck/contract/errors';
import { solutionBody, type Solution, type SolutionFields } from '@keydeck/contract/solutions';
import { ApiError } from '../../../lib/api-error';
import { formErrorView } from '../../../lib/form-errors';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { TextField } from '../../../lib/ui/text-fields';
import { TextareaField } from '../../../lib/ui/textarea-field';
import { emptyService, SolutionServiceFields, type Placements } from './solution-parts-fields';

/** The server names nested fields as the form does (services.0.key_groups.1.name): each refusal lands on its field. */
function nestedErrorView(error: unknown) {
  const body = error instanceof ApiError ? errorEnvelope.partial().safeParse(error.body) : null;
  return formErrorView(error, Object.keys(body?.data?.errors ?? {}), undefined, [400, 409]);
}

interface SolutionFormProps {
  /** Change this solution; without it the form defines a new one. */
  solution?: Solution | undefined;
  placements: Placements;
  onSubmit: (fields: SolutionFields) => Promise<unknown>;
  pending: boolean;
  actions?: ReactNode;
}

/** One form to define and to change a solution: its name, description, and services with their key groups and device models. */
export function SolutionForm({ solution, placements, onSubmit, pending, actions }: SolutionFormProps) {
  const form = useContractForm({
    schema: solutionBody,
    defaultValues: solution
      ? { name: solution.name, description: solution.description, services: solution.services }
      : { name: '', description: '', services: [emptyService(placements)] },
    onSubmit,
    errorView: nestedErrorView,
  });
  const services = useFieldArray({ control: form.control, name: 'services' });

  return (
    <ContractForm form={form} aria-label={solution ? `Solution ${solution.name}` : 'New solution'}>
      <Stack gap="md">
        <FormAlert />
        <TextField name="name" label="Name" withAsterisk description="For example P2PE for retail" maxLength={100} data-autofocus />
        <TextareaField name="description" label="Description" autosize minRows={2} maxLength={2000} />
        {services.fields.map((row, index) => (
          <SolutionServiceFields
            key={row.id}
            index={index}
            placements={placements}
            onRemove={services.fields.length > 1 ? () => services.remove(index) : undefined}
          />
        ))}
        <Button variant="default" w="fit-content" onClick={() => services.append(emptyService(placements))}>
          Add service
        </Button>
        <FormFooter actions={actions} submitLabel={solution ? 'Save changes' : 'Define solution'} pending={pending} />
      </Stack>
    </ContractForm>
  );
}
