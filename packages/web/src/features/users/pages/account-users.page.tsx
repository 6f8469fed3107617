import { getRouteApi } from '@tanstack/react-router';
import { useListSearch } from '../../../lib/ui/list-search';
import { UsersPanel } from '../components/users-panel';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/users');

/** Account › Users: the users screen customers see, for the account in the URL. */
export function AccountUsersPage() {
  const { account_id } = route.useParams();
  const { state: search, onChange } = useListSearch(route);
  return <UsersPanel accountId={account_id} state={search} onChange={onChange} />;
}
