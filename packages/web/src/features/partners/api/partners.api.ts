import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartnerAssignBody, PartnerBody } from '@keydeck/contract/partners';
import { partnersApi } from '@keydeck/contract/partners.api';
import type { PartnersQuery } from '@keydeck/contract/partners-queries';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { listQueryOptions } from '../../../lib/list-query';

const partnerKeys = queryKeys('partners');
/** Under the partners prefix: a change to a partner (its status, say) refreshes the accounts' tabs too. */
const assignmentKeys = queryKeys('partners', 'accounts');

export const partnersQueryOptions = (query: Partial<PartnersQuery>) =>
  listQueryOptions({
    queryKey: partnerKeys.list(query),
    queryFn: ({ signal }) => callApi(partnersApi.listPartners, { query, signal }),
    meta: { errorContext: 'Could not load the partners' },
  });

export const partnerQueryOptions = (partnerId: string) =>
  queryOptions({
    queryKey: partnerKeys.detail(partnerId),
    queryFn: async ({ signal }) => (await callApi(partnersApi.getPartner, { params: { partner_id: partnerId }, signal })).data,
    meta: { errorContext: 'Could not load the partner' },
  });

/** The account's partner; null when it has none. */
export const accountPartnerQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: assignmentKeys.detail(accountId),
    queryFn: async ({ signal }) => (await callApi(partnersApi.getAccountPartner, { params: { account_id: accountId }, signal })).data,
    meta: { errorContext: "Could not load the account's partner" },
  });

/** errorContext null: a change confirmed in a dialog, which shows every refusal itself. */
function useInvalidatingMutation<V, R>(mutationFn: (variables: V) => Promise<R>, errorContext: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: errorContext === null ? { refusalsShownInline: true } : { errorContext, inlineErrorStatuses: [400, 409] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}

/** Creates a partner (no id) or edits one. */
export const useSavePartner = () =>
  useInvalidatingMutation(
    async ({ id, body }: { id?: string; body: PartnerBody }) =>
      (id ? await callApi(partnersApi.updatePartner, { params: { partner_id: id }, body }) : await callApi(partnersApi.createPartner, { body })).data,
    'Could not save the partner',
  );

export const useSetPartnerStatus = () =>
  useInvalidatingMutation(
    async ({ id, action }: { id: string; action: 'suspend' | 'reactivate' }) =>
      (await callApi(action === 'suspend' ? partnersApi.suspendPartner : partnersApi.reactivatePartner, { params: { partner_id: id } })).data,
    null,
  );

export const useAssignPartner = () =>
  useInvalidatingMutation(
    async ({ accountId, body }: { accountId: string; body: PartnerAssignBody }) =>
      (await callApi(partnersApi.assignAccountPartner, { params: { account_id: accountId }, body })).data,
    'Could not assign the partner',
  );

export const useUnassignPartner = () =>
  useInvalidatingMutation(
    async (accountId: string) => callApi(partnersApi.unassignAccountPartner, { params: { account_id: accountId } }),
    null,
  );
