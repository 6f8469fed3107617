import '@mantine/core/styles/Tooltip.css';
import { Button, Tooltip } from '@mantine/core';
import { BillingMessages, type Payment } from '@keydeck/contract/billing';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import type { PaymentAction } from '../api/payments.api';

/** Which payments each action applies to, and why the others cannot have it. */
const RULES: Record<PaymentAction, { label: string; allowed: (p: Payment) => boolean; why: string }> = {
  refund: { label: 'Refund', allowed: (p) => p.status === 'paid', why: BillingMessages.notRefundable },
  retry: { label: 'Retry', allowed: (p) => p.status === 'failed', why: BillingMessages.notRetriable },
};

interface PaymentActionButtonProps {
  action: PaymentAction;
  payment: Payment;
  pending: boolean;
  onRun: () => void;
}

/** Refund (paid payments only) or retry (failed ones only): inert otherwise, with a tooltip that says why. */
export function PaymentActionButton({ action, payment, pending, onRun }: PaymentActionButtonProps) {
  const rule = RULES[action];
  const label = `${rule.label} ${payment.invoice_id}`;
  if (!rule.allowed(payment)) {
    return (
      <Tooltip label={rule.why} withArrow multiline maw={240}>
        <Button size="xs" variant="subtle" aria-label={label} aria-disabled data-disabled onClick={(event) => event.preventDefault()}>
          {rule.label}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Can permission={Permission.platformAdmin} mode="disable">
      <Button size="xs" variant="subtle" color={action === 'refund' ? 'error' : 'primary'} aria-label={label} loading={pending} onClick={onRun}>
        {rule.label}
      </Button>
    </Can>
  );
}
