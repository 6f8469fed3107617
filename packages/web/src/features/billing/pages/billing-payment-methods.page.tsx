import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { PaymentMethod } from '@keydeck/contract/billing';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { paymentMethodsQueryOptions, useMakeDefaultPaymentMethod, useRemovePaymentMethod } from '../api/billing.api';
import { useStripeDocument } from '../api/stripe-document';
import { AddCardModal } from '../components/add-card-modal';
import { BillingQueryAlert, isBillingNotConfigured } from '../components/billing-query-alert';
import { cardName, PaymentMethodList } from '../components/payment-method-list';

/** Billing › Payment methods: the cards on file, which one is charged, and adding one through Stripe. */
export function BillingPaymentMethodsPage() {
  const stripeReady = useStripeDocument();
  const methods = useQuery(paymentMethodsQueryOptions());
  const makeDefault = useMakeDefaultPaymentMethod();
  const remove = useRemovePaymentMethod();
  const [adding, { open, close }] = useDisclosure(false);

  const setDefault = async (method: PaymentMethod) => {
    const changed = await makeDefault.mutateAsync(method.id).catch(() => null);
    if (changed) showToast({ color: 'success', message: `${cardName(method)} is now charged for your subscriptions.` });
  };
  const removeMethod = async (method: PaymentMethod) => {
    const warning = method.default ? ' Your subscriptions are charged to it: make another card the default first, or their next payment fails.' : '';
    const removed = await confirmAction(`Remove ${cardName(method)}?${warning}`, () => remove.mutateAsync(method.id), 'Remove card');
    if (removed) showToast({ color: 'success', message: `${cardName(method)} removed.` });
  };

  if (!stripeReady) return <Skeleton height={56} radius="md" aria-label="Loading the payment methods" />;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text size="sm" c="dimmed">
          Subscriptions are charged to the default card.
        </Text>
        <Can permission={Permission.companyManage} mode="disable">
          <Button onClick={open} disabled={isBillingNotConfigured(methods.error)}>
            Add card
          </Button>
        </Can>
      </Group>
      {isBillingNotConfigured(methods.error) ? null : <BillingQueryAlert what="The payment methods" query={methods} />}
      {methods.isPending ? (
        <Skeleton height={56} radius="md" aria-label="Loading the payment methods" />
      ) : methods.data ? (
        <PaymentMethodList
          methods={methods.data}
          emptyText="No card on file yet. Add one to buy services."
          actions={(method) => (
            <>
              {method.default ? null : (
                <Can permission={Permission.companyManage} mode="disable">
                  <Button
                    size="xs"
                    variant="subtle"
                    aria-label={`Make default: ${cardName(method)}`}
                    loading={makeDefault.isPending && makeDefault.variables === method.id}
                    onClick={() => void setDefault(method)}
                  >
                    Make default
                  </Button>
                </Can>
              )}
              <Can permission={Permission.companyManage} mode="disable">
                <Button
                  size="xs"
                  variant="subtle"
                  color="error"
                  aria-label={`Remove ${cardName(method)}`}
                  loading={remove.isPending && remove.variables === method.id}
                  onClick={() => void removeMethod(method)}
                >
                  Remove
                </Button>
              </Can>
            </>
          )}
        />
      ) : null}
      <AddCardModal opened={adding} onClose={close} />
    </Stack>
  );
}
