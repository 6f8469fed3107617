import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Group } from '@mantine/core';
import type { Invoice } from '@keydeck/contract/billing';
import { formatDate } from '../../../lib/datetime';
import { DataTable, type DataTableColumn, type DataTableQuery } from '../../../lib/ui/data-table';
import { formatMoney } from '../../../lib/money';

const STATUS_COLORS: Record<string, string> = { paid: 'success', open: 'warning', uncollectible: 'error', void: 'secondary', draft: 'secondary' };
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Stripe's documents open in a new tab, off Keydeck. */
const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

const columns: DataTableColumn<Invoice>[] = [
  { key: 'number', title: 'Number', render: (i) => <span style={{ fontFamily: 'monospace' }}>{i.number ?? '—'}</span> },
  { key: 'date', title: 'Date', render: (i) => formatDate(i.created) },
  {
    key: 'status',
    title: 'Status',
    render: (i) => (
      <Badge variant="light" color={STATUS_COLORS[i.status] ?? 'secondary'}>
        {capitalised(i.status)}
      </Badge>
    ),
  },
  { key: 'amount', title: 'Amount', render: (i) => formatMoney(i.status === 'paid' ? i.amount_paid : i.amount_due, i.currency) },
  {
    key: 'actions',
    title: 'Documents',
    width: 140,
    render: (i) => (
      <Group gap="sm" wrap="nowrap">
        {i.invoice_pdf ? (
          <Anchor size="sm" href={i.invoice_pdf} {...external} aria-label={`PDF of invoice ${i.number ?? i.id}`}>
            PDF
          </Anchor>
        ) : null}
        {i.hosted_invoice_url ? (
          <Anchor size="sm" href={i.hosted_invoice_url} {...external} aria-label={`View invoice ${i.number ?? i.id}`}>
            View
          </Anchor>
        ) : null}
      </Group>
    ),
  },
];

/** The account's invoices, newest first as Stripe lists them. */
export function InvoicesTable({ query }: { query: DataTableQuery<Invoice> }) {
  return <DataTable label="Invoices" columns={columns} query={query} rowKey={(i) => i.id} emptyText="No invoices yet." minWidth={640} />;
}
