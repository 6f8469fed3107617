import { useCallback } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import type { AuditPatch } from '../components/audit-filters';
import { AuditLogView } from '../components/audit-log-view';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/audit-logs');

/** Account › Audit logs: the audit screen with the account fixed to the one in the URL. */
export function AccountAuditLogsPage() {
  const { account_id } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const onChange = useCallback((patch: AuditPatch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) }), [navigate]);
  return <AuditLogView search={search} onChange={onChange} fixedAccountId={account_id} />;
}
