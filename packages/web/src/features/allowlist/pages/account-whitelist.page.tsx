import { getRouteApi } from '@tanstack/react-router';
import { AllowlistPanel } from '../components/allowlist-panel';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/whitelist');

/** Account › IP allowlist (the spec's whitelist path): the same allowlist panel customers use, for the account in the URL. */
export function AccountWhitelistPage() {
  const { account_id } = route.useParams();
  return <AllowlistPanel accountId={account_id} />;
}
