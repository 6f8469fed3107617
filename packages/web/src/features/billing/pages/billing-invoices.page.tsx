import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { invoicesQueryOptions } from '../api/billing.api';
import { InvoicesTable } from '../components/invoices-table';
import { UpcomingChargeCard } from '../components/upcoming-charge-card';

/** Billing › Invoices: the next charge, then every invoice with its PDF and Stripe's page. */
export function BillingInvoicesPage() {
  const query = useQuery(invoicesQueryOptions());
  return (
    <Stack gap="md">
      <UpcomingChargeCard />
      <InvoicesTable query={query} />
    </Stack>
  );
}
