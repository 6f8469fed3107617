import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditPage, chainVerifications, type AuditFilters, type AuditListQuery } from '@keydeck/contract/audit';
import { ApiPath } from '@keydeck/contract/http';
import { apiRequest } from '../../../lib/api-client';
import { accountScope, queryKeys } from '../../../lib/query-keys';
import { toQueryString } from '../../../lib/query-string';

const auditKeys = queryKeys('audit');
const chainKeys = (accountId: string | undefined, every: boolean) => queryKeys('audit-chain', every ? 'every' : accountScope(accountId));

export const auditListQueryOptions = (query: AuditListQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => apiRequest(`${ApiPath.auditEvents}?${toQueryString(query)}`, { schema: auditPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the audit log' },
  });

/**
 * Runs only when asked (the Verify button): the check reads the whole chain. `every`: a platform administrator's
 * check of every account's chain and the anonymous one.
 */
export const chainVerificationQueryOptions = (accountId: string | undefined, every: boolean, enabled: boolean) =>
  queryOptions({
    queryKey: chainKeys(accountId, every).all,
    queryFn: ({ signal }) =>
      apiRequest(`${ApiPath.auditVerify}?${toQueryString(every ? { all: 'true' } : { account_id: accountId })}`, { schema: chainVerifications, signal }),
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
