import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditPage, chainVerification, type AuditFilters, type AuditListQuery } from '@keydeck/contract/audit';
import { ApiPath } from '@keydeck/contract/http';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';

export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (query: AuditListQuery) => [...auditKeys.lists(), query] as const,
  verification: (accountId: string | undefined) => [...auditKeys.all, 'verify', accountId ?? 'own'] as const,
};

export const auditListQueryOptions = (query: AuditListQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => apiRequest(`${ApiPath.auditEvents}?${toQueryString(query)}`, { schema: auditPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the audit log' },
  });

/** Runs only when asked (the Verify button): the check reads the whole chain. */
export const chainVerificationQueryOptions = (accountId: string | undefined, enabled: boolean) =>
  queryOptions({
    queryKey: auditKeys.verification(accountId),
    queryFn: ({ signal }) => apiRequest(`${ApiPath.auditVerify}?${toQueryString({ account_id: accountId })}`, { schema: chainVerification, signal }),
    enabled,
    staleTime: 0,
    meta: { errorContext: 'Could not verify the audit log' },
  });

/** The CSV export of the events the filters select (no paging): a same-origin GET the browser downloads. */
export function auditExportHref(filters: AuditFilters): string {
  const { account_id, from, to, user, action, outcome, search } = filters;
  const query = toQueryString({ account_id, from, to, user, action, outcome, search });
  return query ? `${ApiPath.auditExport}?${query}` : ApiPath.auditExport;
}
