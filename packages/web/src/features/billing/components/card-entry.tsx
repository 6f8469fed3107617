import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { loadStripeJs, STRIPE_UNAVAILABLE } from '../api/stripe-js';

/**
 * Stripe.js per publishable key. Its failure is null rather than an error: this form shows it in words, and the
 * central error toast stays out of it; gcTime 0 lets the next opening try again.
 */
const stripeJsKeys = queryKeys('billing-stripe-js');

interface CardEntryProps {
  clientSecret: string;
  publishableKey: string;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * Stripe's card field (PaymentElement) confirming the SetupIntent in the browser: card data goes from the browser
 * to Stripe only. When Stripe.js cannot load (blocked, offline), an alert says so instead of a spinner forever.
 */
export function CardEntry({ clientSecret, publishableKey, onSaved, onCancel }: CardEntryProps) {
  const stripe = useQuery({
    queryKey: stripeJsKeys.detail(publishableKey),
    queryFn: () => loadStripeJs(publishableKey).catch(() => null),
    staleTime: Infinity,
    gcTime: 0,
  });
  if (stripe.isPending) return <Loader size="sm" aria-label="Loading Stripe" />;
  if (!stripe.data) {
    return (
      <Stack gap="md">
        <Alert color="error" variant="light" role="alert">
          {STRIPE_UNAVAILABLE}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Elements stripe={stripe.data} options={{ clientSecret }}>
      <ConfirmSetup onSaved={onSaved} onCancel={onCancel} />
    </Elements>
  );
}

function ConfirmSetup({ onSaved, onCancel }: Pick<CardEntryProps, 'onSaved' | 'onCancel'>) {
  const stripe = useStripe() as Stripe | null;
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [ready, setReady] = useState(false);

  const save = async () => {
    if (!stripe || !elements) return;
    setSaving(true);
    setError(null);
    // Cards that need no redirect (3-D Secure runs in a frame) finish here; return_url serves those that do.
    const result = await stripe.confirmSetup({ elements, redirect: 'if_required', confirmParams: { return_url: window.location.href } });
    setSaving(false);
    if (result.error) setError(result.error.message ?? 'Stripe refused the card.');
    else onSaved();
  };

  return (
    <Stack gap="md">
      {error ? (
        <Alert color="error" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <PaymentElement onReady={() => setReady(true)} onLoadError={(event) => setError(event.error.message ?? STRIPE_UNAVAILABLE)} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => void save()} loading={saving} disabled={!ready || !stripe}>
          Save card
        </Button>
      </Group>
    </Stack>
  );
}
