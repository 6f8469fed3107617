import { useQuery } from '@tanstack/react-query';
import type { LicensesQuery } from '@keydeck/contract/licenses';
import { DataTable } from '../../../lib/ui/data-table';
import type { ListStatePatch } from '../../../lib/ui/list-search';
import { licensesQueryOptions } from '../api/licenses.api';
import { licenseColumns } from './license-columns';

/** An account's licenses, read-only: what the account's own users see. */
export function LicensesList({ accountId, state, onChange }: { accountId: string; state: LicensesQuery; onChange: (patch: ListStatePatch) => void }) {
  const query = useQuery(licensesQueryOptions(accountId, state));
  return (
    <DataTable
      label="Licenses"
      columns={licenseColumns}
      query={query}
      rowKey={(license) => license.id}
      list={{ state, onChange }}
      emptyText="Your company holds no licenses yet."
      minWidth={680}
    />
  );
}

