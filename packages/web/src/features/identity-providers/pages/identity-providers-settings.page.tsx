import { getRouteApi } from '@tanstack/react-router';
import { useSession } from '../../../lib/session';
import { useListSearch } from '../../../lib/ui/list-search';
import { IdentityProvidersPanel } from '../components/identity-providers-panel';

const route = getRouteApi('/shell/v2/home/settings/identity-providers');

/** Settings › Identity providers: a company administrator manages their own account's OpenID Connect providers. */
export function IdentityProvidersSettingsPage() {
  const session = useSession();
  const { state: search, onChange: onSearchChange } = useListSearch(route);
  // The shell renders only for a signed-in user: the session is there.
  if (!session) return null;
  return (
    <IdentityProvidersPanel
      accountId={session.company.id}
      search={search}
      onSearchChange={onSearchChange}
      headingOrder={1}
      description={`Let the users of ${session.company.name} sign in with your OpenID Connect provider, from your company's sign-in page. A user signs in when the provider's claim matches one of your users; nobody is created automatically.`}
      emptyText="No identity providers yet: your users sign in with their username and password."
    />
  );
}
