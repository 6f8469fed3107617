import { getRouteApi } from '@tanstack/react-router';
import { AccountEntitlementPanel } from '../components/account-entitlement-panel';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/google-marketplace');

/** Account › Google Marketplace (spec §2's tab name): the account's marketplace entitlement, whichever marketplace sent it. */
export function AccountGoogleMarketplacePage() {
  const { account_id } = route.useParams();
  return <AccountEntitlementPanel accountId={account_id} />;
}
