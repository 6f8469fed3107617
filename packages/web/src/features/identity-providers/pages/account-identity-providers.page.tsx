import { getRouteApi } from '@tanstack/react-router';
import { useListSearch } from '../../../lib/ui/list-search';
import { IdentityProvidersPanel } from '../components/identity-providers-panel';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/identity-providers');

/** Account › Identity providers: the OpenID Connect providers this account's users may sign in with. */
export function AccountIdentityProvidersPage() {
  const { account_id } = route.useParams();
  const { state: search, onChange: onSearchChange } = useListSearch(route);
  return (
    <IdentityProvidersPanel
      accountId={account_id}
      search={search}
      onSearchChange={onSearchChange}
      headingOrder={2}
      description="OpenID Connect providers this account's users may sign in with, from the account's sign-in page. A user signs in when the provider's claim matches one of this account's users; nobody is created automatically."
      emptyText="This account has no identity providers: its users sign in with their password."
    />
  );
}
