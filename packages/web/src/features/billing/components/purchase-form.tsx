import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { purchaseBody, type BillingOffer, type PurchaseBody } from '@keydeck/contract/billing';
import type { ServicesPage } from '@keydeck/contract/services';
import { useContractForm } from '../../../lib/use-contract-form';
import { SelectField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { TextField } from '../../../lib/ui/text-fields';
import { formatPrice, intervalAdverb } from './money';

/** The service the purchase creates; the server names its fields service.name, service.location... */
const serviceFields = purchaseBody.shape.service;
const SERVICE_PREFIX = /^service\./;

interface PurchaseFormProps {
  offer: BillingOffer;
  choices: Pick<ServicesPage, 'service_locations' | 'environments'>;
  onSubmit: (body: PurchaseBody) => Promise<unknown>;
  pending: boolean;
  actions?: ReactNode;
}

/** Buying an offer: the new service's name, location and environment, above what it costs and how it is charged. */
export function PurchaseForm({ offer, choices, onSubmit, pending, actions }: PurchaseFormProps) {
  const form = useContractForm({
    schema: serviceFields,
    defaultValues: { name: '', location: choices.service_locations[0]?.id ?? '', environment: choices.environments[0] ?? '' },
    batchPrefix: SERVICE_PREFIX,
    statuses: [400, 402, 409, 422],
    onSubmit: (service) => onSubmit({ price_id: offer.price_id, service }),
  });

  return (
    <ContractForm form={form} aria-label={`Buy ${offer.product_name}`}>
      <Stack gap="md">
        <FormAlert />
        <Paper withBorder p="sm" bg="var(--mantine-color-default-hover)">
          <Text fw={600}>{offer.product_name}</Text>
          <Text size="sm">
            {offer.service_type_label} · <strong data-testid="purchase-price">{formatPrice(offer.unit_amount, offer.currency, offer.interval)}</strong>
          </Text>
          <Text size="sm" c="dimmed">
            Charged {intervalAdverb(offer.interval)} to your default card. The service starts once a platform administrator approves it.
          </Text>
        </Paper>
        <TextField name="name" label="Service name" withAsterisk data-autofocus maxLength={100} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <SelectField
            name="location"
            label="Location"
            withAsterisk
            data={choices.service_locations.map((option) => ({ value: option.id, label: option.name }))}
          />
          <SelectField name="environment" label="Environment" withAsterisk data={choices.environments} />
        </SimpleGrid>
        <FormFooter actions={actions} submitLabel={`Buy for ${formatPrice(offer.unit_amount, offer.currency, offer.interval)}`} pending={pending} />
      </Stack>
    </ContractForm>
  );
}
