import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsApi } from '@keydeck/contract/accounts.api';
import { allowlistApi } from '@keydeck/contract/allowlist.api';
import { callApi } from '../../../lib/api-client';
import { sendConfirmedChange } from '../../../lib/confirmed-change';
import { everyAllowlist, queryKeys } from '../../../lib/query-keys';

const companyKeys = queryKeys('company-settings');

export const companySettingsQueryOptions = queryOptions({
  queryKey: companyKeys.all,
  queryFn: ({ signal }) => callApi(accountsApi.getAccountSettings, { signal }),
  meta: { errorContext: 'Could not load the company settings' },
});

/**
 * Switches IP allowlist enforcement; switching it on from outside the list is confirmed first. inDialog: the
 * switch is confirmed in a dialog that shows the refusal itself.
 */
export function useEnforceIpChange(inDialog = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enforce: boolean) =>
      sendConfirmedChange((confirmed) =>
        callApi(allowlistApi.updateAccountSettings, { body: { enforce_ip: enforce, confirm: confirmed } }),
      ),
    meta: inDialog ? { refusalsShownInline: true } : { errorContext: 'Could not change IP allowlist enforcement' },
    onSuccess: (settings) => {
      if (!settings) return;
      queryClient.setQueryData(companyKeys.all, settings);
      // The allowlist panel shows enforcement too: every account's copy of it is stale now.
      void queryClient.invalidateQueries({ queryKey: everyAllowlist });
    },
  });
}
