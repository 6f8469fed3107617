import { getRouteApi, useMatch } from '@tanstack/react-router';
import { useSession } from '../../../lib/session';
import { useListSearch } from '../../../lib/ui/list-search';
import { CredentialsPanel } from '../components/credentials-panel';

const accountTab = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/credentials');
const accountScreen = getRouteApi('/shell/v2/home/accounts/$account_id/credentials');
const settings = getRouteApi('/shell/v2/home/settings/credentials');

/**
 * Settings › API credentials (the user's own account) and, for platform administrators, one account's credentials:
 * the account page's tab and spec §2's /v2/home/accounts/{account_id}/credentials. The same screen on all three.
 */
export function CredentialsPage() {
  const tab = useMatch({ from: accountTab.id, shouldThrow: false });
  const screen = useMatch({ from: accountScreen.id, shouldThrow: false });
  if (tab) return <AccountTabCredentials />;
  if (screen) return <AccountScreenCredentials />;
  return <OwnCredentials />;
}

function AccountTabCredentials() {
  const { account_id } = accountTab.useParams();
  return <CredentialsPanel accountId={account_id} list={useListSearch(accountTab)} headingOrder={2} />;
}

function AccountScreenCredentials() {
  const { account_id } = accountScreen.useParams();
  return <CredentialsPanel accountId={account_id} list={useListSearch(accountScreen)} headingOrder={1} />;
}

function OwnCredentials() {
  const list = useListSearch(settings);
  const ownAccount = useSession()?.company.id;
  return ownAccount ? <CredentialsPanel accountId={ownAccount} list={list} headingOrder={1} /> : null;
}
