import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { SUPPORT_TIERS, SUPPORT_TIER_LABELS, hubTenancyBody, type HubTenancy, type HubTenancyBody } from '@keydeck/contract/cryptohub';
import { useContractForm } from '../../../lib/use-contract-form';
import { SelectField, SwitchField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { NumberField } from '../../../lib/ui/number-field';

/** The contract's body, but an empty quota field (undefined in the form) means unlimited: null on the wire. */
const formSchema = hubTenancyBody.extend({
  max_services: hubTenancyBody.shape.max_services.optional().transform((v) => v ?? null),
  max_cloud_hsms: hubTenancyBody.shape.max_cloud_hsms.optional().transform((v) => v ?? null),
});

const TIER_OPTIONS = SUPPORT_TIERS.map((tier) => ({ value: tier, label: SUPPORT_TIER_LABELS[tier] }));

/** "3 of 5 in use", or "3 in use, unlimited": what the account holds now against the quota typed. */
export function quotaUsage(used: number, max: number | null | undefined): string {
  return max === null || max === undefined ? `${used} in use · unlimited` : `${used} of ${max} in use${used > max ? ' · over the quota' : ''}`;
}

function QuotaField({ name, label, used }: { name: 'max_services' | 'max_cloud_hsms'; label: string; used: number }) {
  const max = useWatch<HubTenancyBody, typeof name>({ name });
  return (
    <Stack gap={4}>
      <NumberField name={name} label={label} description="Leave empty for unlimited" min={0} allowDecimal={false} allowNegative={false} />
      <Text size="sm" c={max !== null && max !== undefined && used >= max ? 'warning' : 'dimmed'} data-testid={`${name}-usage`}>
        {quotaUsage(used, max)}
      </Text>
    </Stack>
  );
}

interface HubTenancyFormProps {
  tenancy: HubTenancy;
  onSubmit: (body: HubTenancyBody) => Promise<unknown>;
  pending: boolean;
}

/** The account's hub tenancy, whole: whether it may request services, its region and tier, and its quotas beside its usage. */
export function HubTenancyForm({ tenancy, onSubmit, pending }: HubTenancyFormProps) {
  const form = useContractForm({
    schema: formSchema,
    defaultValues: {
      enabled: tenancy.enabled,
      home_region: tenancy.home_region ?? '',
      support_tier: tenancy.support_tier,
      max_services: tenancy.max_services ?? undefined,
      max_cloud_hsms: tenancy.max_cloud_hsms ?? undefined,
    },
    onSubmit,
  });
  const regions = tenancy.regions.map((r) => ({ value: r.id, label: r.name }));
  return (
    <ContractForm form={form} aria-label="CryptoHub tenancy">
      <Stack gap="md">
        <FormAlert />
        <Paper withBorder radius="md" p="md">
          <Stack gap="lg">
            <SwitchField name="enabled" label="Enabled" description="While disabled, the account cannot request new services." />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <SelectField name="home_region" label="Home region" data={regions} required placeholder="Choose a region" />
              <SelectField name="support_tier" label="Support tier" data={TIER_OPTIONS} required />
            </SimpleGrid>
            <Group grow align="flex-start">
              <QuotaField name="max_services" label="Maximum services" used={tenancy.usage.services} />
              <QuotaField name="max_cloud_hsms" label="Maximum cloud HSMs" used={tenancy.usage.cloud_hsms} />
            </Group>
          </Stack>
        </Paper>
        <FormFooter submitLabel="Save tenancy" pending={pending} />
      </Stack>
    </ContractForm>
  );
}
