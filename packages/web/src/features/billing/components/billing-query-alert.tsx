import { Alert, Button, Group, Text } from '@mantine/core';
import { BillingMessages } from '@keydeck/contract/billing';
import { ApiError } from '../../../lib/api-error';

/** Stripe keys are missing on the platform: the server answers 503 to every billing call. */
export const isBillingNotConfigured = (error: unknown) => error instanceof ApiError && error.status === 503;

interface BillingQueryAlertProps {
  /** What failed to load, for the alert's title ("The offers"). */
  what: string;
  query: { error: Error | null; isFetching: boolean; refetch: () => Promise<unknown> };
}

/**
 * A billing section that could not load says so where it stands (a toast alone is gone in seconds): billing not
 * configured in the catalogue's words, anything else with the server's message and a retry.
 */
export function BillingQueryAlert({ what, query }: BillingQueryAlertProps) {
  if (!query.error) return null;
  if (isBillingNotConfigured(query.error)) {
    return (
      <Alert color="warning" variant="light" title="Billing is unavailable" data-testid="billing-not-configured">
        {BillingMessages.notConfigured}
      </Alert>
    );
  }
  return (
    <Alert color="error" variant="light" title={`${what} could not be loaded`}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{query.error.message}</Text>
        <Button size="xs" variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
