import type { ReactNode } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { productLicenseFields, type ProductLicense, type ProductLicenseFields } from '@keydeck/contract/product-licenses';
import { oneYearOnIsoDate, todayIsoDate } from '../../../lib/datetime';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal } from '../../../lib/ui/form-modal';
import { NumberField } from '../../../lib/ui/number-field';
import { TextField } from '../../../lib/ui/text-fields';
import { FORM_STATUSES } from '../api/infrastructure-keys';
import { useSaveProductLicense } from '../api/product-licenses.api';

interface ProductLicenseModalProps {
  editing: ProductLicense | 'new' | null;
  onClose: () => void;
}

/** Create or edit a license the platform holds for an HSM model. */
export function ProductLicenseModal({ editing, onClose }: ProductLicenseModalProps) {
  const save = useSaveProductLicense();
  const license = editing === 'new' ? undefined : (editing ?? undefined);
  return (
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      title={license ? `Edit license ${license.reference}` : 'New license'}
      mutations={[save]}
      onSubmit={async (fields: ProductLicenseFields) => {
        const saved = await save.mutateAsync({ id: license?.id, fields });
        return `License ${saved.reference} ${license ? 'saved' : 'created'}.`;
      }}
    >
      {(form) => <ProductLicenseForm license={license} submitLabel={license ? 'Save changes' : 'Create license'} {...form} />}
    </FormModal>
  );
}

interface ProductLicenseFormProps {
  license?: ProductLicense;
  onSubmit: (fields: ProductLicenseFields) => Promise<unknown>;
  pending: boolean;
  submitLabel: string;
  actions?: ReactNode;
}

export function ProductLicenseForm({ license, onSubmit, pending, submitLabel, actions }: ProductLicenseFormProps) {
  const form = useContractForm({
    schema: productLicenseFields,
    defaultValues: {
      model: license?.model ?? '',
      reference: license?.reference ?? '',
      seats: license?.seats ?? 10,
      valid_from: license?.valid_from ?? todayIsoDate(),
      valid_until: license?.valid_until ?? oneYearOnIsoDate(),
    },
    statuses: FORM_STATUSES,
    onSubmit,
  });
  return (
    <ContractForm form={form} aria-label={license ? `License ${license.reference}` : 'New license'}>
      <Stack gap="md">
        <FormAlert />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <TextField name="model" label="Model" withAsterisk data-autofocus description="The HSM model it covers, as blueprints name it" placeholder="SoftHSM2" />
          <TextField name="reference" label="Reference" withAsterisk description="The vendor's license number" placeholder="LIC-2026-001" />
          <NumberField name="seats" label="Seats" withAsterisk description="One per cloud HSM of the model" min={1} allowDecimal={false} allowNegative={false} />
          <span />
          <TextField name="valid_from" type="date" label="Valid from" withAsterisk />
          <TextField name="valid_until" type="date" label="Valid until" withAsterisk />
        </SimpleGrid>
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </ContractForm>
  );
}
