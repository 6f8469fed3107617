import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useMatch } from '@tanstack/react-router';
import { Messages } from '@keydeck/contract/messages';
import { Permission, hasPermission } from '@keydeck/contract/permissions';
import { useSession } from '../../../lib/session';
import { useListSearch } from '../../../lib/ui/list-search';
import { isNotFound, NotFoundNotice } from '../../../lib/ui/not-found-notice';
import { credentialsQueryOptions } from '../api/credentials.api';
import { CredentialsPanel } from '../components/credentials-panel';

const accountTab = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/credentials');
const accountScreen = getRouteApi('/shell/v2/home/accounts/$account_id/credentials');
const settings = getRouteApi('/shell/v2/home/settings/credentials');

/**
 * Settings › API credentials (the user's own account), the account page's tab (platform administrators) and spec
 * §2's /v2/home/accounts/{account_id}/credentials (any account for platform administrators, their own for others).
 * The same screen on all three.
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
  const list = useListSearch(accountScreen);
  const session = useSession();
  const platformAdmin = hasPermission(session?.permissions ?? [], Permission.platformAdmin);
  // Another account is none of a customer's business: not asked for (the server would answer 404 too).
  const mayOpen = platformAdmin || account_id === session?.company.id;
  const credentials = useQuery({ ...credentialsQueryOptions(account_id, list.state), enabled: mayOpen });
  if (!mayOpen || isNotFound(credentials.error)) return <NotFoundNotice message={Messages.accountNotFound} backTo="/home" backLabel="Back to home" />;
  return <CredentialsPanel accountId={account_id} list={list} headingOrder={1} />;
}

function OwnCredentials() {
  const list = useListSearch(settings);
  const ownAccount = useSession()?.company.id;
  return ownAccount ? <CredentialsPanel accountId={ownAccount} list={list} headingOrder={1} /> : null;
}
