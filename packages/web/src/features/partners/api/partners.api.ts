import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import {
  accountPartnerResponse,
  partnerDetailResponse,
  partnerResponse,
  partnersPage,
  type PartnerAssignBody,
  type PartnerBody,
} from '@keydeck/contract/partners';
import type { PartnersQuery } from '@keydeck/contract/partners-queries';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toQueryString } from '../../../lib/query-string';

const partnerKeys = queryKeys('partners');
/** Under the partners prefix: a change to a partner (its status, say) refreshes the accounts' tabs too. */
const assignmentKeys = queryKeys('partners', 'accounts');

export const partnersQueryOptions = (query: Partial<PartnersQuery>) =>
  queryOptions({
    queryKey: partnerKeys.list(query),
    queryFn: ({ signal }) => apiRequest(`${ApiPath.partners}?${toQueryString(query)}`, { schema: partnersPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the partners' },
  });

export const partnerQueryOptions = (partnerId: string) =>
  queryOptions({
    queryKey: partnerKeys.detail(partnerId),
    queryFn: async ({ signal }) => (await apiRequest(apiPath(ApiPath.partner, { partner_id: partnerId }), { schema: partnerDetailResponse, signal })).data,
    meta: { errorContext: 'Could not load the partner' },
  });

/** The account's partner; null when it has none. */
export const accountPartnerQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: assignmentKeys.detail(accountId),
    queryFn: async ({ signal }) => (await apiRequest(apiPath(ApiPath.accountPartner, { account_id: accountId }), { schema: accountPartnerResponse, signal })).data,
    meta: { errorContext: "Could not load the account's partner" },
  });

function useInvalidatingMutation<V, R>(mutationFn: (variables: V) => Promise<R>, errorContext: string, inline = true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorContext, ...(inline ? { inlineErrorStatuses: [400, 409] } : {}) },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}

/** Creates a partner (no id) or edits one. */
export const useSavePartner = () =>
  useInvalidatingMutation(
    async ({ id, body }: { id?: string; body: PartnerBody }) =>
      (
        await apiRequest(id ? apiPath(ApiPath.partner, { partner_id: id }) : ApiPath.partners, {
          method: id ? 'PUT' : 'POST',
          body,
          schema: partnerResponse,
        })
      ).data,
    'Could not save the partner',
  );

export const useSetPartnerStatus = () =>
  useInvalidatingMutation(
    async ({ id, action }: { id: string; action: 'suspend' | 'reactivate' }) =>
      (await apiRequest(apiPath(action === 'suspend' ? ApiPath.partnerSuspend : ApiPath.partnerReactivate, { partner_id: id }), { method: 'POST', schema: partnerResponse })).data,
    'Could not change the partner',
    false,
  );

export const useAssignPartner = () =>
  useInvalidatingMutation(
    async ({ accountId, body }: { accountId: string; body: PartnerAssignBody }) =>
      (await apiRequest(apiPath(ApiPath.accountPartner, { account_id: accountId }), { method: 'PUT', body, schema: accountPartnerResponse })).data,
    'Could not assign the partner',
  );

export const useUnassignPartner = () =>
  useInvalidatingMutation(
    async (accountId: string) => apiRequest(apiPath(ApiPath.accountPartner, { account_id: accountId }), { method: 'DELETE', schema: accountPartnerResponse }),
    'Could not remove the partner',
    false,
  );
