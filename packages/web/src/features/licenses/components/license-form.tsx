import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Autocomplete, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { LICENSE_PRODUCT_SUGGESTIONS, licenseFields, type License, type LicenseFields } from '@keydeck/contract/licenses';
import { useFormRefusals } from '../../../lib/use-form-refusals';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';

type Field = keyof LicenseFields;
const FIELDS: readonly Field[] = ['product', 'quantity', 'valid_from', 'valid_until', 'notes'];
/** The batch endpoint names fields by position: licenses.0.product. */
const BATCH_PREFIX = /^licenses\.\d+\./;
const today = () => new Date().toISOString().slice(0, 10);
const inOneYear = () => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
};

interface LicenseFormProps {
  /** The license being edited; absent for a new one. */
  license?: License;
  onSubmit: (fields: LicenseFields) => Promise<unknown>;
  pending: boolean;
  actions?: ReactNode;
}

/** One form for granting and editing a license; the key is drawn by the server and never edited. */
export function LicenseForm({ license, onSubmit, pending, actions }: LicenseFormProps) {
  const [product, setProduct] = useState(license?.product ?? '');
  const [quantity, setQuantity] = useState<number | string>(license?.quantity ?? 1);
  const [validFrom, setValidFrom] = useState(license?.valid_from ?? today());
  const [validUntil, setValidUntil] = useState(license?.valid_until ?? inOneYear());
  const [notes, setNotes] = useState(license?.notes ?? '');
  const { formRef, errors, message, clear, submit: send } = useFormRefusals({ fields: FIELDS, batchPrefix: BATCH_PREFIX, onSubmit });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    send(event, () =>
      licenseFields.safeParse({
        product,
        quantity: quantity === '' ? Number.NaN : Number(quantity),
        valid_from: validFrom,
        valid_until: validUntil,
        notes,
      }),
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={license ? 'Edit license' : 'New license'}>
      <Stack gap="md">
        <FormAlert message={message} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <Autocomplete label="Product" withAsterisk data-autofocus openOnFocus={false} data={[...LICENSE_PRODUCT_SUGGESTIONS]} value={product} error={errors.product}
            onChange={(value) => {
              setProduct(value);
              clear('product');
            }} />
          <NumberInput label="Quantity" withAsterisk min={1} allowDecimal={false} allowNegative={false} value={quantity} error={errors.quantity}
            onChange={(value) => {
              setQuantity(value);
              clear('quantity');
            }} />
          <TextInput type="date" label="Valid from" withAsterisk value={validFrom} error={errors.valid_from}
            onChange={(event) => {
              setValidFrom(event.currentTarget.value);
              clear('valid_from');
            }} />
          <TextInput type="date" label="Valid until" withAsterisk value={validUntil} error={errors.valid_until}
            onChange={(event) => {
              setValidUntil(event.currentTarget.value);
              clear('valid_until');
            }} />
        </SimpleGrid>
        <Textarea label="Notes" autosize minRows={2} maxRows={5} value={notes} error={errors.notes}
          onChange={(event) => {
            setNotes(event.currentTarget.value);
            clear('notes');
          }} />
        <FormFooter actions={actions} submitLabel={license ? 'Save license' : 'Grant license'} pending={pending} />
      </Stack>
    </form>
  );
}
