import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ProductLicense } from '@keydeck/contract/product-licenses';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { useListSearch } from '../../../lib/ui/list-search';
import { productLicensesQueryOptions, useDeleteProductLicense } from '../api/product-licenses.api';
import { deleteAfterConfirm } from '../components/confirm-delete';
import { LicenseStatusBadge, PageHeader, UtilisationBar } from '../components/infrastructure-cells';
import { RowActions } from '../../../lib/ui/row-actions';
import { ProductLicenseModal } from '../components/product-license-modal';

const route = getRouteApi('/shell/configuration/cloud-product/licenses');

// Validity dates are calendar days: formatted as such, not shifted into the viewer's time zone.
const dayFormatter = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const formatDay = (day: string) => dayFormatter.format(new Date(`${day}T00:00:00Z`));

/** Configuration › Licenses: the platform's licenses per HSM model, and how many of their seats cloud HSMs hold. */
export function ProductLicensesPage() {
  const { state: search, onChange } = useListSearch(route);
  const [editing, setEditing] = useState<ProductLicense | 'new' | null>(null);
  const query = useQuery(productLicensesQueryOptions(search));
  const remove = useDeleteProductLicense();

  const columns: DataTableColumn<ProductLicense>[] = [
    { key: 'model', title: 'Model', sortKey: 'model', render: (l) => <Text size="sm" fw={600}>{l.model}</Text> },
    { key: 'reference', title: 'Reference', sortKey: 'reference', render: (l) => <Text size="sm" ff="monospace">{l.reference}</Text> },
    {
      key: 'seats',
      title: 'Seats used',
      sortKey: 'seats',
      render: (l) => (
        <UtilisationBar percent={l.seats === 0 ? 0 : (l.seats_used / l.seats) * 100} label={`Seats used of ${l.reference}`} detail={`${l.seats_used} / ${l.seats}`} />
      ),
    },
    { key: 'valid', title: 'Valid', sortKey: 'valid_until', render: (l) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{`${formatDay(l.valid_from)} – ${formatDay(l.valid_until)}`}</Text> },
    { key: 'status', title: 'Status', render: (l) => <LicenseStatusBadge status={l.status} /> },
    {
      key: 'actions',
      title: 'Actions',
      width: 150,
      render: (l) => (
        <RowActions
          name={l.reference}
          onEdit={() => setEditing(l)}
          deleting={remove.isPending && remove.variables === l.id}
          onDelete={() => void deleteAfterConfirm(`Delete license ${l.reference}?`, () => remove.mutateAsync(l.id), `License ${l.reference} deleted.`)}
        />
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Product licenses"
        description="Licenses the platform holds per HSM model. Each cloud HSM that is not deprovisioned holds a seat of a valid license of its model."
        actions={<Button onClick={() => setEditing('new')}>New license</Button>}
      />
      <DataTable
        label="Licenses"
        columns={columns}
        query={query}
        rowKey={(l) => l.id}
        list={{ state: search, onChange }}
        searchLabel="Search licenses"
        emptyText="There are no licenses yet. Cloud HSMs need a free seat of their model's license."
        minWidth={860}
      />
      <ProductLicenseModal editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
