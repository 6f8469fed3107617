import { getRouteApi } from '@tanstack/react-router';
import { AccountPartnerPanel } from '../components/account-partner-panel';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/splenda');

/** Account › Partner (spec §2's tab splenda): the partner the account belongs to. */
export function AccountSplendaPage() {
  const { account_id } = route.useParams();
  return <AccountPartnerPanel accountId={account_id} />;
}
