import { queryOptions } from '@tanstack/react-query';
import { adminServicesApi } from '@keydeck/contract/services.api';
import { auditApi } from '@keydeck/contract/audit.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { serviceKeys, servicesListQueryOptions } from '../../../lib/services';

// Keyed under the features whose data they show, so those features' changes refresh the home page too.
const recentEventKeys = queryKeys('home-recent-events');

/** Requests of every account awaiting a platform administrator's approval. */
export const pendingApprovalsQueryOptions = () =>
  queryOptions({
    queryKey: serviceKeys.list({ every_account: true, status: 'PendingApproval', home: true }),
    queryFn: ({ signal }) =>
      callApi(adminServicesApi.adminListServices, { query: { status: 'PendingApproval', page_size: 5, order: 'asc', order_by: 'created_at' }, signal }),
    meta: { errorContext: 'Could not load the service requests' },
  });

/** The account's own services (spec §9: the full fetch of 99). */
export const ownServicesQueryOptions = () => servicesListQueryOptions({ page_size: 99 });

/**
 * The newest events of the caller's own account, named: without an account a platform administrator's read spans
 * every account.
 */
export const recentEventsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: recentEventKeys.detail(accountId),
    queryFn: ({ signal }) =>
      callApi(auditApi.listAuditEvents, { query: { account_id: accountId, page_size: 5, order: 'desc', order_by: 'occurred_at' }, signal }),
    meta: { errorContext: 'Could not load the recent events' },
  });
