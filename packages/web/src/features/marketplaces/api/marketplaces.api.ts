import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { marketplaceEntitlementResponse, marketplaceEntitlementsPage, type EntitlementApproveBody, type EntitlementRejectBody, type EntitlementServicesBody, type MarketplaceEntitlement } from '@keydeck/contract/marketplaces';
import { type MarketplaceEntitlementsQuery } from '@keydeck/contract/marketplaces-queries';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-keys';
import { toQueryString } from '../../../lib/query-string';
import { servicesListQueryOptions } from '../../../lib/services';

const entitlementKeys = queryKeys('marketplace-entitlements');

type AccountPath =
  | typeof ApiPath.accountMarketplaceEntitlement
  | typeof ApiPath.accountMarketplaceEntitlementApprove
  | typeof ApiPath.accountMarketplaceEntitlementReject
  | typeof ApiPath.accountMarketplaceEntitlementServices;
const pathOf = (path: AccountPath, accountId: string) => apiPath(path, { account_id: accountId });

export const entitlementsQueryOptions = (query: Partial<MarketplaceEntitlementsQuery>) =>
  queryOptions({
    queryKey: entitlementKeys.list(query),
    queryFn: ({ signal }) => apiRequest(`${ApiPath.marketplaceEntitlements}?${toQueryString(query)}`, { schema: marketplaceEntitlementsPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the marketplace entitlements' },
  });

/** One account's entitlement; null when it did not sign up through a marketplace (404), which the tab says in place. */
export const entitlementQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: entitlementKeys.detail(accountId),
    queryFn: async ({ signal }): Promise<MarketplaceEntitlement | null> => {
      try {
        return (await apiRequest(pathOf(ApiPath.accountMarketplaceEntitlement, accountId), { schema: marketplaceEntitlementResponse, signal })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    meta: { errorContext: 'Could not load the marketplace entitlement' },
  });

/** The account's services an entitlement may pay for: the account services tab's endpoint, every one at once (spec §9: page_size 99). */
export const accountServicesQueryOptions = (accountId: string) =>
  servicesListQueryOptions({ account_id: accountId, page_size: 99 }, "Could not load the account's services");

function useEntitlementChange<B>(path: AccountPath, method: 'POST' | 'PUT', errorContext: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ accountId, body }: { accountId: string; body: B }) =>
      (await apiRequest(pathOf(path, accountId), { method, body, schema: marketplaceEntitlementResponse })).data,
    meta: { errorContext, inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entitlementKeys.all }),
  });
}

export const useApproveEntitlement = () =>
  useEntitlementChange<EntitlementApproveBody>(ApiPath.accountMarketplaceEntitlementApprove, 'POST', 'Could not approve the entitlement');
export const useRejectEntitlement = () =>
  useEntitlementChange<EntitlementRejectBody>(ApiPath.accountMarketplaceEntitlementReject, 'POST', 'Could not reject the entitlement');
export const useSetEntitlementServices = () =>
  useEntitlementChange<EntitlementServicesBody>(ApiPath.accountMarketplaceEntitlementServices, 'PUT', 'Could not save the services');
