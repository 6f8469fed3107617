import { Alert } from '@mantine/core';
import { BillingMessages } from '@keydeck/contract/billing';
import { ApiError } from '../../../lib/api-error';
import { QueryErrorAlert, type FailableQuery } from '../../../lib/ui/query-error-alert';

/** Stripe keys are missing on the platform: the server answers 503 to every billing call. */
export const isBillingNotConfigured = (error: unknown) => error instanceof ApiError && error.status === 503;

interface BillingQueryAlertProps {
  /** What failed to load, for the alert's title ("The offers"). */
  what: string;
  query: FailableQuery;
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
  return <QueryErrorAlert title={`${what} could not be loaded`} query={query} />;
}
