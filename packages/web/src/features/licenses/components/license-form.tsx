import type { ReactNode } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { LICENSE_PRODUCT_SUGGESTIONS, licenseFields, type License, type LicenseFields } from '@keydeck/contract/licenses';
import { oneYearOnIsoDate, todayIsoDate } from '../../../lib/datetime';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { AutocompleteField } from '../../../lib/ui/autocomplete-field';
import { NumberField } from '../../../lib/ui/number-field';
import { TextField } from '../../../lib/ui/text-fields';
import { TextareaField } from '../../../lib/ui/textarea-field';

/** The batch endpoint names fields by position: licenses.0.product. */
const BATCH_PREFIX = /^licenses\.\d+\./;

interface LicenseFormProps {
  /** The license being edited; absent for a new one. */
  license?: License;
  onSubmit: (fields: LicenseFields) => Promise<unknown>;
  pending: boolean;
  actions?: ReactNode;
}

/** One form for granting and editing a license; the key is drawn by the server and never edited. */
export function LicenseForm({ license, onSubmit, pending, actions }: LicenseFormProps) {
  const form = useContractForm({
    schema: licenseFields,
    defaultValues: {
      product: license?.product ?? '',
      quantity: license?.quantity ?? 1,
      valid_from: license?.valid_from ?? todayIsoDate(),
      valid_until: license?.valid_until ?? oneYearOnIsoDate(),
      notes: license?.notes ?? '',
    },
    batchPrefix: BATCH_PREFIX,
    onSubmit,
  });

  return (
    <ContractForm form={form} aria-label={license ? 'Edit license' : 'New license'}>
      <Stack gap="md">
        <FormAlert />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <AutocompleteField name="product" label="Product" withAsterisk data-autofocus openOnFocus={false} data={[...LICENSE_PRODUCT_SUGGESTIONS]} />
          <NumberField name="quantity" label="Quantity" withAsterisk min={1} allowDecimal={false} allowNegative={false} />
          <TextField name="valid_from" type="date" label="Valid from" withAsterisk />
          <TextField name="valid_until" type="date" label="Valid until" withAsterisk />
        </SimpleGrid>
        <TextareaField name="notes" label="Notes" autosize minRows={2} maxRows={5} />
        <FormFooter actions={actions} submitLabel={license ? 'Save license' : 'Grant license'} pending={pending} />
      </Stack>
    </ContractForm>
  );
}
