import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Allowlist } from '@keydeck/contract/allowlist';
import { allowlistApi } from '@keydeck/contract/allowlist.api';
import { callApi } from '../../../lib/api-client';
import { sendConfirmedChange } from '../../../lib/confirmed-change';
import { allowlistKeys } from '../../../lib/query-keys';

/** `accountId` undefined is the caller's own account; platform administrators name another. */

export const allowlistQueryOptions = (accountId: string | undefined) =>
  queryOptions({
    queryKey: allowlistKeys(accountId).all,
    queryFn: ({ signal }) => callApi(allowlistApi.getIpAllowlist, { query: { account_id: accountId }, signal }),
    meta: { errorContext: 'Could not load the IP allowlist' },
  });

export interface AllowlistChange {
  method: 'POST' | 'DELETE';
  ip_address: string;
}

/** Adds or removes an entry; a change that would leave the caller's own address outside is confirmed first. */
export function changeAllowlist(accountId: string | undefined, change: AllowlistChange): Promise<Allowlist | null> {
  return sendConfirmedChange((confirmed) =>
    callApi(change.method === 'POST' ? allowlistApi.addIpAllowlistEntry : allowlistApi.removeIpAllowlistEntry, {
      body: { ip_address: change.ip_address, account_id: accountId, confirm: confirmed },
    }),
  );
}

/**
 * Adding shows bad input and duplicates under the form's field (400 inline); a failed removal
 * is toasted centrally like any other error.
 */
export function useAllowlistChange(accountId: string | undefined, method: AllowlistChange['method']) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ip_address: string) => changeAllowlist(accountId, { method, ip_address }),
    meta:
      method === 'POST'
        ? { errorContext: 'Could not add the address', inlineErrorStatuses: [400] }
        : { errorContext: 'Could not remove the address' },
    onSuccess: (list) => {
      if (list) queryClient.setQueryData(allowlistKeys(accountId).all, list);
    },
  });
}
