import { getRouteApi } from '@tanstack/react-router';
import { useListSearch } from '../../../lib/ui/list-search';
import { AuditLogView } from '../components/audit-log-view';

const route = getRouteApi('/shell/v2/home/audit-logs');

/** Audit logs: the caller's account (platform administrators: every account, with an account filter). */
export function AuditLogsPage() {
  const { state: search, onChange } = useListSearch(route);
  return <AuditLogView search={search} onChange={onChange} />;
}
