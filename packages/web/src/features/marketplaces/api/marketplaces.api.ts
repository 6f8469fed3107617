import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EntitlementApproveBody, EntitlementRejectBody, EntitlementServicesBody, MarketplaceEntitlement } from '@keydeck/contract/marketplaces';
import { marketplacesApi } from '@keydeck/contract/marketplaces.api';
import type { MarketplaceEntitlementsQuery } from '@keydeck/contract/marketplaces-queries';
import { callApi } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-keys';
import { servicesListQueryOptions } from '../../../lib/services';
import { listQueryOptions } from '../../../lib/list-query';

const entitlementKeys = queryKeys('marketplaces');

const params = (accountId: string) => ({ account_id: accountId });

export const entitlementsQueryOptions = (query: Partial<MarketplaceEntitlementsQuery>) =>
  listQueryOptions({
    queryKey: entitlementKeys.list(query),
    queryFn: ({ signal }) => callApi(marketplacesApi.listMarketplaceEntitlements, { query, signal }),
    meta: { errorContext: 'Could not load the marketplace entitlements' },
  });

/** One account's entitlement; null when it did not sign up through a marketplace (404), which the tab says in place. */
export const entitlementQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: entitlementKeys.detail(accountId),
    queryFn: async ({ signal }): Promise<MarketplaceEntitlement | null> => {
      try {
        return (await callApi(marketplacesApi.getMarketplaceEntitlement, { params: params(accountId), signal })).data;
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

/** A decision or change on one account's entitlement: `send` makes the call, answering the entitlement as it is now. */
function useEntitlementChange<B>(send: (accountId: string, body: B) => Promise<{ data: MarketplaceEntitlement }>, errorContext: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ accountId, body }: { accountId: string; body: B }) => (await send(accountId, body)).data,
    meta: { errorContext, inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entitlementKeys.all }),
  });
}

export const useApproveEntitlement = () =>
  useEntitlementChange(
    (accountId, body: EntitlementApproveBody) => callApi(marketplacesApi.approveMarketplaceEntitlement, { params: params(accountId), body }),
    'Could not approve the entitlement',
  );
export const useRejectEntitlement = () =>
  useEntitlementChange(
    (accountId, body: EntitlementRejectBody) => callApi(marketplacesApi.rejectMarketplaceEntitlement, { params: params(accountId), body }),
    'Could not reject the entitlement',
  );
export const useSetEntitlementServices = () =>
  useEntitlementChange(
    (accountId, body: EntitlementServicesBody) => callApi(marketplacesApi.setMarketplaceEntitlementServices, { params: params(accountId), body }),
    'Could not save the services',
  );
