import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@keydeck/contract/billing';

const COLORS: Record<PaymentStatus, string> = { paid: 'success', failed: 'error', refunded: 'secondary' };

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} data-testid="payment-status">
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
