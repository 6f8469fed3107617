import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ProductLicense } from '@keydeck/contract/infrastructure';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { useListSearch } from '../../../lib/ui/list-search';
import { productLicensesQueryOptions, useDeleteProductLicense } from '../api/product-licenses.api';
import { deleteAfterConfirm } from '../components/confirm-delete';
import { LicenceStatusBadge, PageHeader, RowActions, UtilisationBar } from '../components/infrastructure-cells';
import { ProductLicenseModal } from '../components/product-license-modal';

const route = getRouteApi('/shell/configuration/cloud-product/licenses');

// Validity dates are calendar days: formatted as such, not shifted into the viewer's time zone.
const dayFormatter = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const formatDay = (day: string) => dayFormatter.format(new Date(`${day}T00:00:00Z`));

/** Configuration › Licences: the platform's licences per HSM model, and how many of their seats cloud HSMs hold. */
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
    { key: 'status', title: 'Status', render: (l) => <LicenceStatusBadge status={l.status} /> },
    {
      key: 'actions',
      title: 'Actions',
      width: 150,
      render: (l) => (
        <RowActions
          name={l.reference}
          onEdit={() => setEditing(l)}
          deleting={remove.isPending && remove.variables === l.id}
          onDelete={() => void deleteAfterConfirm(`Delete licence ${l.reference}?`, () => remove.mutateAsync(l.id), `Licence ${l.reference} deleted.`)}
        />
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Product licences"
        description="Licences the platform holds per HSM model. Each cloud HSM that is not deprovisioned holds a seat of a valid licence of its model."
        actions={<Button onClick={() => setEditing('new')}>New licence</Button>}
      />
      <DataTable
        label="Licences"
        columns={columns}
        query={query}
        rowKey={(l) => l.id}
        list={{ state: search, onChange }}
        searchLabel="Search licences"
        emptyText="There are no licences yet. Cloud HSMs need a free seat of their model's licence."
        minWidth={860}
      />
      <ProductLicenseModal editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
