import '@mantine/core/styles/Badge.css';
import { Badge, Text } from '@mantine/core';
import { LICENSE_STATUS_LABELS, type License, type LicenseStatus } from '@keydeck/contract/licenses';
import { serviceTypeName } from '@keydeck/contract/services';
import type { DataTableColumn } from '../../../lib/ui/data-table';

// Validity dates are calendar days: formatted as such, not shifted into the viewer's time zone.
const dayFormatter = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
export const formatDay = (day: string) => dayFormatter.format(new Date(`${day}T00:00:00Z`));

const STATUS_COLORS: Record<LicenseStatus, string> = { active: 'success', expired: 'error', not_yet_valid: 'info' };

export function LicenseStatusBadge({ status }: { status: LicenseStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {LICENSE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The license list's columns, shared by the admin tab (which adds actions) and the customer's read-only list. */
export const licenseColumns: DataTableColumn<License>[] = [
  {
    key: 'product',
    title: 'Product',
    sortKey: 'product',
    render: (l) => (
      <>
        <Text size="sm" fw={600}>
          {serviceTypeName(l.product)}
        </Text>
        {l.notes ? (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {l.notes}
          </Text>
        ) : null}
      </>
    ),
  },
  { key: 'key', title: 'License key', render: (l) => <Text size="sm" ff="monospace">{l.license_key}</Text> },
  { key: 'quantity', title: 'Quantity', width: 90, render: (l) => l.quantity },
  { key: 'valid_from', title: 'Valid from', sortKey: 'valid_from', render: (l) => formatDay(l.valid_from) },
  { key: 'valid_until', title: 'Valid until', sortKey: 'valid_until', render: (l) => formatDay(l.valid_until) },
  { key: 'status', title: 'Status', render: (l) => <LicenseStatusBadge status={l.status} /> },
];
