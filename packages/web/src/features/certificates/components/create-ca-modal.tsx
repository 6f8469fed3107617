import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CA_KEY_USAGE_LABELS,
  CA_KEY_USAGES,
  CA_KEY_USAGES_REQUIRED,
  CA_PATH_LENGTH_MAX,
  CA_VALIDITY_DAYS_MAX,
  KEY_PAIR_ALGORITHM_LABELS,
  KEY_PAIR_ALGORITHMS,
} from '@keydeck/contract/certificates';
import { formatDate } from '../../../lib/datetime';
import { useContractForm } from '../../../lib/use-contract-form';
import { SelectField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { NumberField } from '../../../lib/ui/number-field';
import { TextField } from '../../../lib/ui/text-fields';
import { certAuthoritiesQueryOptions, useCreateCertAuthority } from '../api/cert-authorities.api';
import { caCreateBody, caFormErrors, caFormSchema, emptyCaForm, type CaFormValues } from '../api/certificate-forms';
import { CaField } from './ca-field';
import { mayParent } from './certificate-cells';
import { CheckGroupField } from './check-group-field';

const ALGORITHMS = KEY_PAIR_ALGORITHMS.map((value) => ({ value, label: KEY_PAIR_ALGORITHM_LABELS[value] }));
const USAGES = CA_KEY_USAGES.map((value) => ({ value, label: CA_KEY_USAGE_LABELS[value] }));

interface CreateCaModalProps {
  serviceId: string;
  /** null: closed; 'root'; or an intermediate, under the CA named ('' to choose it in the form). */
  creating: { parent: string | null } | null;
  onClose: () => void;
}

/** A new root CA (self-signed) or an intermediate signed by a CA of the service; its key pair is generated in the keystore. */
export function CreateCaModal({ serviceId, creating, onClose }: CreateCaModalProps) {
  const create = useCreateCertAuthority(serviceId);
  const intermediate = creating !== null && creating.parent !== null;
  return (
    <FormModal
      opened={creating !== null}
      onClose={onClose}
      title={intermediate ? 'Create an intermediate CA' : 'Create a root CA'}
      mutations={[create]}
      onSubmit={async (values: CaFormValues) => {
        const { ca, validity_capped } = await create.mutateAsync(caCreateBody(values));
        return validity_capped
          ? `Created certificate authority ${ca.ca_name}. Its validity was cut to end with ${ca.parent}'s, on ${formatDate(ca.not_after)}.`
          : `Created certificate authority ${ca.ca_name}.`;
      }}
    >
      {(slot) => <CreateCaForm serviceId={serviceId} parent={creating?.parent ?? null} {...slot} />}
    </FormModal>
  );
}

function CreateCaForm({ serviceId, parent, onSubmit, pending, actions }: { serviceId: string; parent: string | null } & FormModalSlot<CaFormValues>) {
  const intermediate = parent !== null;
  const defaultValues = emptyCaForm(parent);
  const form = useContractForm({ schema: caFormSchema(intermediate), defaultValues, onSubmit, errorView: caFormErrors(Object.keys(defaultValues)) });
  const cas = useQuery(certAuthoritiesQueryOptions(serviceId));
  const chosenParent = cas.data?.cas.find((ca) => ca.ca_name === form.watch('parent'));
  const pathLimit = chosenParent?.path_length === null || chosenParent === undefined ? null : chosenParent.path_length - 1;

  return (
    <ContractForm form={form} aria-label={intermediate ? 'Create an intermediate CA' : 'Create a root CA'}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {intermediate
            ? 'The keystore generates the CA’s key pair; the parent CA signs its certificate, which ends no later than the parent’s.'
            : 'The keystore generates the CA’s key pair and the CA signs its own certificate. Its private key never leaves the keystore.'}
        </Text>
        <FormAlert />
        <SimpleGrid cols={{ base: 1, xs: intermediate ? 2 : 1 }} spacing="sm">
          <TextField name="ca_name" label="CA name" description="How the service names it; not part of the certificate" withAsterisk data-autofocus autoComplete="off" />
          {intermediate ? (
            <CaField
              serviceId={serviceId}
              name="parent"
              label="Parent CA"
              description="The CA that signs this one"
              offers={mayParent}
              noneText="No active CA allows a CA below it"
              withAsterisk
            />
          ) : null}
        </SimpleGrid>
        <Stack gap={6}>
          <Title order={3} fz="h5">
            Subject
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextField name="common_name" label="Common name (CN)" withAsterisk autoComplete="off" />
            <TextField name="organization" label="Organization (O)" autoComplete="off" />
            <TextField name="organizational_unit" label="Organizational unit (OU)" autoComplete="off" />
            <TextField name="locality" label="Locality (L)" autoComplete="off" />
            <TextField name="state" label="State or province (ST)" autoComplete="off" />
            <TextField name="country" label="Country (C)" description="Two letters, ISO 3166" maxLength={2} autoComplete="off" />
          </SimpleGrid>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <SelectField name="key_algorithm" label="Key algorithm" description="Generated in the keystore" data={ALGORITHMS} withAsterisk allowDeselect={false} />
          <NumberField
            name="validity_days"
            label="Validity (days)"
            description={intermediate ? 'Ends by the parent’s expiry' : `At most ${CA_VALIDITY_DAYS_MAX.toLocaleString('en-US')}`}
            min={1}
            max={CA_VALIDITY_DAYS_MAX}
            allowDecimal={false}
            withAsterisk
          />
          <NumberField
            name="path_length"
            label="Path length"
            description={pathLimit === null ? 'CA levels below it; empty: no limit' : `0 to ${pathLimit}; empty: ${pathLimit}`}
            min={0}
            max={pathLimit ?? CA_PATH_LENGTH_MAX}
            allowDecimal={false}
          />
        </SimpleGrid>
        <CheckGroupField name="key_usage" label="Key usage" description="A CA always signs certificates and CRLs" options={USAGES} locked={CA_KEY_USAGES_REQUIRED} />
        <FormFooter submitLabel={intermediate ? 'Create intermediate CA' : 'Create root CA'} pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
