import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import type { ReactNode } from 'react';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { PaymentMethod } from '@keydeck/contract/billing';

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', jcb: 'JCB', diners: 'Diners Club', unionpay: 'UnionPay' };

/** "Visa •••• 4242". */
export const cardName = (method: PaymentMethod) => `${BRANDS[method.brand] ?? method.brand} •••• ${method.last4}`;

interface PaymentMethodListProps {
  methods: PaymentMethod[];
  emptyText: string;
  /** A card's actions (make default, remove); none for a read-only list. */
  actions?: (method: PaymentMethod) => ReactNode;
}

/** Cards on file: brand, last digits, expiry, which one is charged. */
export function PaymentMethodList({ methods, emptyText, actions }: PaymentMethodListProps) {
  if (methods.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="payment-methods-empty">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Payment methods">
      {methods.map((method) => (
        <Card key={method.id} withBorder padding="sm" component="li">
          <Group justify="space-between" gap="sm">
            <Group gap="sm">
              <Text fw={600} size="sm">
                {cardName(method)}
              </Text>
              <Text size="sm" c="dimmed">
                Expires {String(method.exp_month).padStart(2, '0')}/{method.exp_year}
              </Text>
              {method.default ? (
                <Badge variant="light" color="primary">
                  Default
                </Badge>
              ) : null}
            </Group>
            {actions ? <Group gap={4}>{actions(method)}</Group> : null}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
