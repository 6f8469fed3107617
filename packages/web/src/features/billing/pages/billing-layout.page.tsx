import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { RouteTabs } from '../../../lib/ui/route-tabs';
import { paymentMethodsQueryOptions } from '../api/billing.api';
import { BillingQueryAlert, isBillingNotConfigured } from '../components/billing-query-alert';

const LAYOUT_ID = '/shell/v2/home/settings/billing';

/**
 * Settings › Billing: a heading, then its four sections as tabs (child routes). The cards on file are asked here
 * once for all of them: when billing is not configured the page says so once, in place of the sections, none of
 * which could load (nor would trying again help: the platform needs its Stripe keys).
 */
export function BillingLayoutPage() {
  const methods = useQuery(paymentMethodsQueryOptions());

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          Billing
        </Title>
        <Text c="dimmed" mt={4}>
          Buy services, manage their subscriptions and your cards, and download invoices. Payments are processed by Stripe.
        </Text>
      </div>
      {isBillingNotConfigured(methods.error) ? (
        <BillingQueryAlert what="Billing" query={methods} />
      ) : (
        <RouteTabs layoutId={LAYOUT_ID} label="Billing sections" />
      )}
    </Stack>
  );
}
