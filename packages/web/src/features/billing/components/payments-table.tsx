import '@mantine/core/styles/SegmentedControl.css';
import { Anchor, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PAYMENT_STATUS_LABELS, type Payment } from '@keydeck/contract/billing';
import { formatDateTime } from '../../../lib/datetime';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import type { ListStatePatch } from '../../../lib/ui/list-search';
import { paymentsQueryOptions, usePaymentAction, type PaymentAction } from '../api/payments.api';
import { PAYMENT_STATUS_FILTERS, type PaymentsSearch } from '../billing.search';
import { formatMoney } from '../../../lib/money';
import { PaymentActionButton } from './payment-action-button';
import { PaymentStatusBadge } from './payment-status-badge';

const STATUS_FILTER = [{ value: 'all', label: 'All' }, ...PAYMENT_STATUS_FILTERS.map((status) => ({ value: status, label: PAYMENT_STATUS_LABELS[status] }))];

const QUESTIONS: Record<PaymentAction, (p: Payment) => [string, string]> = {
  refund: (p) => [`Refund ${formatMoney(p.amount, p.currency)} to ${p.account.name}? Stripe returns the money to their card; this cannot be undone.`, 'Refund payment'],
  retry: (p) => [`Charge ${formatMoney(p.amount, p.currency)} to ${p.account.name}’s default card again?`, 'Retry payment'],
};
const DONE: Record<PaymentAction, (p: Payment) => string> = {
  refund: (p) => `${formatMoney(p.amount, p.currency)} refunded to ${p.account.name}.`,
  retry: (p) => (p.status === 'paid' ? `${p.account.name} paid ${formatMoney(p.amount, p.currency)}.` : `The retry failed: ${p.failure_message ?? 'the card was refused'}.`),
};

interface PaymentsTableProps {
  /** One account's payments (its stripe tab); every account's without it. */
  accountId?: string;
  list: { state: Omit<PaymentsSearch, 'account_id'>; onChange: (patch: ListStatePatch & { status?: Payment['status'] | undefined }) => void };
}

/** Payments recorded from Stripe: searchable, filtered by status, paged in the URL; refund and retry per row. */
export function PaymentsTable({ accountId, list }: PaymentsTableProps) {
  const query = useQuery(paymentsQueryOptions({ ...list.state, account_id: accountId }));
  const change = usePaymentAction();

  const run = async (action: PaymentAction, payment: Payment) => {
    const [question, title] = QUESTIONS[action](payment);
    const changed = await confirmAction(question, () => change.mutateAsync({ action, invoiceId: payment.invoice_id }), title);
    if (changed) showToast({ color: changed.status === 'failed' ? 'warning' : 'success', message: DONE[action](changed) });
  };
  const pending = (action: PaymentAction, payment: Payment) => change.isPending && change.variables.action === action && change.variables.invoiceId === payment.invoice_id;

  const columns: DataTableColumn<Payment>[] = [
    { key: 'occurred_at', title: 'Date', sortKey: 'occurred_at', render: (p) => formatDateTime(p.occurred_at) },
    ...(accountId
      ? []
      : [
          {
            key: 'account',
            title: 'Account',
            render: (p: Payment) => (
              <Anchor
                size="sm"
                renderRoot={(props) => <Link {...props} to="/v2/admin/company-management/accounts/$account_id/stripe" params={{ account_id: p.account.id }} />}
              >
                {p.account.name}
              </Anchor>
            ),
          },
        ]),
    {
      key: 'product',
      title: 'Product',
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm">{p.product_name ?? '—'}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {p.invoice_id}
          </Text>
        </Stack>
      ),
    },
    { key: 'amount', title: 'Amount', sortKey: 'amount', render: (p) => formatMoney(p.amount, p.currency) },
    {
      key: 'status',
      title: 'Status',
      render: (p) => (
        <Stack gap={2}>
          <PaymentStatusBadge status={p.status} />
          {p.status === 'failed' && p.failure_message ? (
            <Text size="xs" c="dimmed" maw={260}>
              {p.failure_message}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'attempts', title: 'Attempts', render: (p) => p.attempt_count },
    {
      key: 'actions',
      title: 'Actions',
      width: 170,
      render: (p) => (
        <Group gap={4} wrap="nowrap">
          <PaymentActionButton action="retry" payment={p} pending={pending('retry', p)} onRun={() => void run('retry', p)} />
          <PaymentActionButton action="refund" payment={p} pending={pending('refund', p)} onRun={() => void run('refund', p)} />
        </Group>
      ),
    },
  ];

  return (
    <DataTable
      label="Payments"
      columns={columns}
      query={query}
      rowKey={(p) => p.invoice_id}
      list={list}
      searchLabel="Search payments"
      toolbar={
        <SegmentedControl
          aria-label="Show payments"
          data={STATUS_FILTER}
          value={list.state.status ?? 'all'}
          onChange={(value) => list.onChange({ status: value === 'all' ? undefined : (value as Payment['status']), page: 1 })}
        />
      }
      emptyText={list.state.search ? `No payment matches “${list.state.search}”.` : 'No payments yet.'}
      minWidth={accountId ? 820 : 960}
    />
  );
}
