import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { License } from '@keydeck/contract/licenses';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { useListSearch } from '../../../lib/ui/list-search';
import { licensesQueryOptions, useDeleteLicense } from '../api/licenses.api';
import { licenseColumns } from '../components/license-columns';
import { LicenseModal } from '../components/license-modal';
import { ListHeading } from '../../../lib/ui/list-heading';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/licenses');

/** Account › Licenses: the products the account is licensed for; platform administrators grant, edit and delete them. */
export function AccountLicensesPage() {
  const { account_id } = route.useParams();
  const { state: search, onChange } = useListSearch(route);
  const [editing, setEditing] = useState<License | 'new' | null>(null);
  const query = useQuery(licensesQueryOptions(account_id, search));
  const remove = useDeleteLicense(account_id);

  const deleteLicense = async (license: License) => {
    const deleted = await confirmAction(`Delete the license ${license.license_key} (${license.product})? The account loses it at once.`, () => remove.mutateAsync(license));
    if (deleted) showToast({ color: 'success', message: `License ${license.license_key} deleted.` });
  };

  const columns: DataTableColumn<License>[] = [
    ...licenseColumns,
    {
      key: 'actions',
      title: 'Actions',
      width: 150,
      render: (license) => (
        <Can permission={Permission.platformAdmin} mode="disable">
          <Group gap={4} wrap="nowrap">
            <Button size="xs" variant="subtle" aria-label={`Edit ${license.license_key}`} onClick={() => setEditing(license)}>
              Edit
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="error"
              aria-label={`Delete ${license.license_key}`}
              loading={remove.isPending && remove.variables.id === license.id}
              onClick={() => void deleteLicense(license)}
            >
              Delete
            </Button>
          </Group>
        </Can>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ListHeading
        title="Licenses"
        order={2}
        description="Products this account is licensed for, and for how long. The account's users see this list."
        actions={
          <Can permission={Permission.platformAdmin} mode="disable">
            <Button onClick={() => setEditing('new')}>Add license</Button>
          </Can>
        }
      />
      <DataTable
        label="Account licenses"
        columns={columns}
        query={query}
        rowKey={(license) => license.id}
        list={{ state: search, onChange }}
        searchLabel="Search licenses"
        emptyText="This account holds no licenses."
        minWidth={820}
      />
      <LicenseModal accountId={account_id} editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
