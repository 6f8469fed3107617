import { getRouteApi } from '@tanstack/react-router';
import { useListSearch } from '../../../lib/ui/list-search';
import { RolesPanel } from '../components/roles-panel';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/roles');

/** Account › Roles: the roles screen customers see, for the account in the URL. */
export function AccountRolesPage() {
  const { account_id } = route.useParams();
  const { state: search, onChange } = useListSearch(route);
  return <RolesPanel accountId={account_id} state={search} onChange={onChange} />;
}
