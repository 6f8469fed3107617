import { Card, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../lib/datetime';
import { upcomingQueryOptions } from '../api/billing.api';
import { formatMoney } from '../../../lib/money';

/** The next charge Stripe will collect, and when; "No upcoming charge" without a live subscription. */
export function UpcomingChargeCard() {
  const upcoming = useQuery(upcomingQueryOptions());
  return (
    <Card withBorder padding="md" component="section" aria-label="Upcoming charge" maw={360}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        Upcoming charge
      </Text>
      {upcoming.isPending ? (
        <Skeleton height={22} mt={6} width="60%" />
      ) : upcoming.isError ? (
        <Text size="sm" mt={4} c="dimmed">
          Not available right now: {upcoming.error.message}
        </Text>
      ) : upcoming.data === null ? (
        <Text fz="lg" fw={600} mt={4}>
          No upcoming charge
        </Text>
      ) : (
        <>
          <Text fz="lg" fw={600} mt={4} data-testid="upcoming-amount">
            {formatMoney(upcoming.data.amount, upcoming.data.currency)}
          </Text>
          <Text size="sm" c="dimmed">
            {upcoming.data.date ? `On ${formatDate(upcoming.data.date)}, to your default card` : 'To your default card'}
          </Text>
        </>
      )}
    </Card>
  );
}
