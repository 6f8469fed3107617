import { queryOptions } from '@tanstack/react-query';
import type { AuditFilters, AuditListQuery } from '@keydeck/contract/audit';
import { auditApi } from '@keydeck/contract/audit.api';
import { endpointUrl } from '@keydeck/contract/endpoint';
import { callApi } from '../../../lib/api-client';
import { accountScope, queryKeys } from '../../../lib/query-keys';
import { listQueryOptions } from '../../../lib/list-query';

const auditKeys = queryKeys('audit');
const chainKeys = (accountId: string | undefined, every: boolean) => queryKeys('audit-chain', every ? 'every' : accountScope(accountId));

export const auditListQueryOptions = (query: AuditListQuery) =>
  listQueryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => callApi(auditApi.listAuditEvents, { query, signal }),
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
      callApi(auditApi.verifyAuditChain, { query: every ? { all: 'true' } : { account_id: accountId }, signal }),
    enabled,
    staleTime: 0,
    meta: { errorContext: 'Could not verify the audit log' },
  });

/** The CSV export of the events the filters select (no paging): a same-origin GET the browser downloads. */
export function auditExportHref(filters: AuditFilters): string {
  const { account_id, from, to, user, action, outcome, search } = filters;
  return endpointUrl(auditApi.exportAuditEvents, { query: { account_id, from, to, user, action, outcome, search } });
}
