import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { Subscription } from '@keydeck/contract/billing';
import { formatDate } from '../../../lib/datetime';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { subscriptionsQueryOptions, useCancelSubscription } from '../api/billing.api';
import { SubscriptionsTable } from '../components/subscriptions-table';

const route = getRouteApi('/shell/v2/home/settings/billing/subscriptions');

/** Billing › Subscriptions: each paid service; cancelling stops the renewal at the end of the period. */
export function BillingSubscriptionsPage() {
  const { created } = route.useSearch();
  const query = useQuery(subscriptionsQueryOptions());
  const cancel = useCancelSubscription();

  const cancelSubscription = async (subscription: Subscription) => {
    const until = subscription.current_period_end ? formatDate(subscription.current_period_end) : 'the end of the current period';
    const question = `Cancel ${subscription.product_name}${subscription.service ? ` (${subscription.service.name})` : ''}? It stays active until ${until}, then the service is not renewed.`;
    const cancelled = await confirmAction(question, () => cancel.mutateAsync(subscription.id), 'Cancel subscription');
    if (cancelled) showToast({ color: 'success', message: `${cancelled.product_name} is not renewed after ${until}.` });
  };

  return (
    <Stack gap="md">
      <SubscriptionsTable
        query={query}
        highlight={created}
        cancelling={cancel.isPending ? cancel.variables : undefined}
        onCancel={(subscription) => void cancelSubscription(subscription)}
      />
    </Stack>
  );
}
