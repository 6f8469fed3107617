import { Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useListSearch } from '../../../lib/ui/list-search';
import { PaymentsTable } from '../components/payments-table';

const route = getRouteApi('/shell/v2/admin/payments-stripe');

/** Administration › Payments: every account's payments as Stripe reported them, with refund and retry. */
export function PaymentsPage() {
  const { state, onChange } = useListSearch(route);
  const { account_id, ...search } = state;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          Payments
        </Title>
        <Text c="dimmed" mt={4}>
          Every account’s payments, one per invoice. Refund a paid one; retry a failed one on the account’s default card.
        </Text>
      </div>
      <PaymentsTable accountId={account_id} list={{ state: search, onChange }} />
    </Stack>
  );
}
