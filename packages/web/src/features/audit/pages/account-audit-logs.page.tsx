import { getRouteApi } from '@tanstack/react-router';
import { useListSearch } from '../../../lib/ui/list-search';
import { AuditLogView } from '../components/audit-log-view';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/audit-logs');

/** Account › Audit logs: the audit screen with the account fixed to the one in the URL. */
export function AccountAuditLogsPage() {
  const { account_id } = route.useParams();
  const { state: search, onChange } = useListSearch(route);
  return <AuditLogView search={search} onChange={onChange} fixedAccountId={account_id} />;
}
