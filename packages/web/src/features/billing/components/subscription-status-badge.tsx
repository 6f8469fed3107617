import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { SUBSCRIPTION_STATUS_LABELS, type Subscription, type SubscriptionStatus } from '@keydeck/contract/billing';

const COLORS: Record<SubscriptionStatus, string> = {
  incomplete: 'warning',
  incomplete_expired: 'secondary',
  trialing: 'info',
  active: 'success',
  past_due: 'error',
  canceled: 'secondary',
  unpaid: 'error',
  paused: 'secondary',
};

/** The subscription's Stripe status in words; an active one set to end says so. */
export function SubscriptionStatusBadge({ subscription }: { subscription: Pick<Subscription, 'status' | 'cancel_at_period_end'> }) {
  const ending = subscription.cancel_at_period_end && subscription.status !== 'canceled';
  return (
    <Badge variant="light" color={ending ? 'warning' : COLORS[subscription.status]} data-testid="subscription-status">
      {ending ? `${SUBSCRIPTION_STATUS_LABELS[subscription.status]} · ends` : SUBSCRIPTION_STATUS_LABELS[subscription.status]}
    </Badge>
  );
}
