import { getRouteApi } from '@tanstack/react-router';
import { AccountFeaturesPanel } from '../components/account-features-panel';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/account-features');

/** Account › Features: the platform administrator switches the account's feature flags. */
export function AccountFeaturesPage() {
  const { account_id } = route.useParams();
  return <AccountFeaturesPanel accountId={account_id} />;
}
