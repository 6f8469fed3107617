import { Button, Stack, Text } from '@mantine/core';
import type { Subscription } from '@keydeck/contract/billing';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { formatDate } from '../../../lib/datetime';
import { DataTable, type DataTableColumn, type DataTableQuery } from '../../../lib/ui/data-table';
import { formatPrice } from './money';
import { SubscriptionStatusBadge } from './subscription-status-badge';

/** Whether a subscription can still be cancelled: it renews, and is not over. */
export const cancellable = (s: Subscription) => !s.cancel_at_period_end && !['canceled', 'incomplete_expired'].includes(s.status);

interface SubscriptionsTableProps {
  query: DataTableQuery<Subscription>;
  /** Without it the table is read-only (the platform's view of an account). */
  onCancel?: (subscription: Subscription) => void;
  /** The subscription cancelling now. */
  cancelling?: string | undefined;
  /** Shown highlighted: the one just bought. */
  highlight?: string | undefined;
}

/** Subscriptions: what each pays for, its price, status and when the period ends. */
export function SubscriptionsTable({ query, onCancel, cancelling, highlight }: SubscriptionsTableProps) {
  const columns: DataTableColumn<Subscription>[] = [
    {
      key: 'product',
      title: 'Product',
      render: (s) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {s.product_name}
            {s.id === highlight ? (
              <Text span size="xs" c="success" ml="xs">
                new
              </Text>
            ) : null}
          </Text>
          <Text size="xs" c="dimmed">
            {s.service ? s.service.name : 'No service'}
          </Text>
        </Stack>
      ),
    },
    { key: 'price', title: 'Price', render: (s) => formatPrice(s.amount, s.currency, s.interval) },
    { key: 'status', title: 'Status', render: (s) => <SubscriptionStatusBadge subscription={s} /> },
    {
      key: 'period_end',
      title: 'Period ends',
      render: (s) => (s.current_period_end ? `${formatDate(s.current_period_end)}${s.cancel_at_period_end ? ' (not renewed)' : ''}` : '—'),
    },
    { key: 'created', title: 'Since', render: (s) => formatDate(s.created_at) },
  ];
  if (onCancel) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      width: 120,
      render: (s) =>
        cancellable(s) ? (
          <Can permission={Permission.companyManage} mode="disable">
            <Button size="xs" variant="subtle" color="error" aria-label={`Cancel ${s.product_name}`} loading={cancelling === s.id} onClick={() => onCancel(s)}>
              Cancel
            </Button>
          </Can>
        ) : null,
    });
  }
  return <DataTable label="Subscriptions" columns={columns} query={query} rowKey={(s) => s.id} emptyText="No subscriptions yet." minWidth={760} />;
}
