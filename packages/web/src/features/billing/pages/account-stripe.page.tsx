import '@mantine/core/styles/SimpleGrid.css';
import { SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { FactCard } from '../../../lib/ui/fact-card';
import { useListSearch } from '../../../lib/ui/list-search';
import { accountBillingQueryOptions } from '../api/payments.api';
import { BillingQueryAlert } from '../components/billing-query-alert';
import { PaymentMethodList } from '../components/payment-method-list';
import { PaymentsTable } from '../components/payments-table';
import { SubscriptionsTable } from '../components/subscriptions-table';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/stripe');

/** The account page's Stripe tab: its Stripe customer, subscriptions and cards (read-only), and its payments. */
export function AccountStripePage() {
  const { account_id } = route.useParams();
  const list = useListSearch(route);
  const billing = useQuery(accountBillingQueryOptions(account_id));
  const subscriptions = useQuery({ ...accountBillingQueryOptions(account_id), select: ({ subscriptions: data }) => ({ data, total: data.length }) });

  return (
    <Stack gap="xl">
      <BillingQueryAlert what="The account’s billing" query={billing} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FactCard label="Stripe customer" value={billing.isPending ? undefined : (billing.data?.customer_id ?? 'None yet')} mono testId="stripe-customer" />
      </SimpleGrid>
      <section aria-labelledby="account-subscriptions">
        <Title order={2} fz="h4" mb="sm" id="account-subscriptions">
          Subscriptions
        </Title>
        <SubscriptionsTable query={subscriptions} />
      </section>
      <section aria-labelledby="account-cards">
        <Title order={2} fz="h4" mb="sm" id="account-cards">
          Payment methods
        </Title>
        {billing.data ? (
          <PaymentMethodList methods={billing.data.payment_methods} emptyText="No card on file." />
        ) : billing.isPending ? (
          <Skeleton height={56} radius="md" />
        ) : null}
      </section>
      <section aria-labelledby="account-payments">
        <Title order={2} fz="h4" mb="sm" id="account-payments">
          Payments
        </Title>
        <PaymentsTable accountId={account_id} list={list} />
      </section>
    </Stack>
  );
}
