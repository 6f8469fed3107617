import { useCallback } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import type { ListStatePatch } from '../../../lib/ui/list-search';
import { UsersPanel } from '../components/users-panel';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/users');

/** Account › Users: the users screen customers see, for the account in the URL. */
export function AccountUsersPage() {
  const { account_id } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const onChange = useCallback(
    (patch: ListStatePatch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) as typeof prev }),
    [navigate],
  );
  return <UsersPanel accountId={account_id} state={search} onChange={onChange} />;
}
