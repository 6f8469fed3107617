import { useCallback } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import type { AuditPatch } from '../components/audit-filters';
import { AuditLogView } from '../components/audit-log-view';

const route = getRouteApi('/shell/v2/home/audit-logs');

/** Audit logs: the caller's account (platform administrators: every account, with an account filter). */
export function AuditLogsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const onChange = useCallback((patch: AuditPatch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) }), [navigate]);
  return <AuditLogView search={search} onChange={onChange} />;
}
