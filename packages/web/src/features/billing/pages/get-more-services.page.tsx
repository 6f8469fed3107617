import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { BillingMessages, type BillingOffer } from '@keydeck/contract/billing';
import { catalogueQueryOptions, paymentMethodsQueryOptions } from '../api/billing.api';
import { BillingQueryAlert, isBillingNotConfigured } from '../components/billing-query-alert';
import { BuyButton } from '../components/buy-button';
import { formatMoney } from '../../../lib/money';
import { PurchaseModal } from '../components/purchase-modal';

/** Billing › Get more services: the offers as cards; Buy orders one, charged to the default card. */
export function GetMoreServicesPage() {
  const catalogue = useQuery(catalogueQueryOptions());
  const methods = useQuery(paymentMethodsQueryOptions());
  const navigate = useNavigate();
  const [buying, setBuying] = useState<BillingOffer | null>(null);
  const hasPaymentMethod = methods.data ? methods.data.length > 0 : undefined;

  return (
    <Stack gap="md">
      {/* Billing not configured is said once, by the layout. */}
      {isBillingNotConfigured(catalogue.error) ? null : <BillingQueryAlert what="The offers" query={catalogue} />}
      {hasPaymentMethod === false ? (
        <Alert color="info" variant="light" title="No payment method yet">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{BillingMessages.noPaymentMethod}</Text>
            <Button size="xs" variant="default" renderRoot={(props) => <Link {...props} to="/v2/home/settings/billing/payment-methods" />}>
              Go to Payment methods
            </Button>
          </Group>
        </Alert>
      ) : null}
      {catalogue.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-label="Loading the offers">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={150} radius="md" />
          ))}
        </SimpleGrid>
      ) : catalogue.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          There is nothing to buy yet. Ask your platform operator which services they offer.
        </Text>
      ) : catalogue.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {catalogue.data.map((offer) => (
            <Card key={offer.price_id} withBorder padding="lg" component="article" aria-label={offer.product_name}>
              <Stack gap="xs" h="100%">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                  <div>
                    <Text fw={600}>{offer.product_name}</Text>
                    <Text size="sm" c="dimmed">
                      {offer.service_type_label}
                    </Text>
                  </div>
                  {offer.owned > 0 ? (
                    <Badge variant="light" color="success" style={{ flexShrink: 0 }}>
                      {offer.owned} owned
                    </Badge>
                  ) : null}
                </Group>
                {offer.description ? <Text size="sm">{offer.description}</Text> : null}
                <Group justify="space-between" align="flex-end" mt="auto" gap="sm">
                  <Text>
                    <Text span fz="xl" fw={700}>
                      {formatMoney(offer.unit_amount, offer.currency)}
                    </Text>{' '}
                    <Text span size="sm" c="dimmed">
                      / {offer.interval}
                    </Text>
                  </Text>
                  <BuyButton offer={offer} hasPaymentMethod={hasPaymentMethod} onBuy={() => setBuying(offer)} />
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      ) : null}
      <PurchaseModal
        offer={buying}
        onClose={() => setBuying(null)}
        onPurchased={(subscription) => void navigate({ to: '/v2/home/settings/billing/subscriptions', search: { created: subscription.id } })}
      />
    </Stack>
  );
}
