import { useCallback } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import type { ListStatePatch } from '../../../lib/ui/list-search';
import { RolesPanel } from '../components/roles-panel';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/roles');

/** Account › Roles: the roles screen customers see, for the account in the URL. */
export function AccountRolesPage() {
  const { account_id } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const onChange = useCallback(
    (patch: ListStatePatch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) as typeof prev }),
    [navigate],
  );
  return <RolesPanel accountId={account_id} state={search} onChange={onChange} />;
}
