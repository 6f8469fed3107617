import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SyslogConfigFields, SyslogConfigsListQuery } from '@keydeck/contract/syslog';
import { syslogApi } from '@keydeck/contract/syslog.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { listQueryOptions } from '../../../lib/list-query';

/** Lag and delivery errors change while the screen is open: the list is asked again this often. */
export const SYSLOG_REFRESH_MS = 5_000;

const syslogKeys = (accountId: string) => queryKeys('syslog-configs', accountId);

const configParams = (accountId: string, id: string) => ({ account_id: accountId, config_id: id });

export const syslogConfigsQueryOptions = (accountId: string, query: SyslogConfigsListQuery) =>
  listQueryOptions({
    queryKey: syslogKeys(accountId).list(query),
    queryFn: ({ signal }) => callApi(syslogApi.listSyslogConfigs, { params: { account_id: accountId }, query, signal }),
    // Live delivery status; TanStack Query pauses the interval while the tab is hidden.
    refetchInterval: SYSLOG_REFRESH_MS,
    meta: { errorContext: 'Could not load the syslog servers' },
  });

/** Create (no id) or replace every field of one configuration (PUT): one form serves both. */
export function useSaveSyslogConfig(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fields }: { id?: string; fields: SyslogConfigFields }) =>
      (id
        ? await callApi(syslogApi.updateSyslogConfig, { params: configParams(accountId, id), body: fields })
        : await callApi(syslogApi.createSyslogConfig, { params: { account_id: accountId }, body: fields })
      ).syslog_config,
    // The form puts 400 field errors (bad input, a name already used) on its fields.
    meta: { errorContext: 'Could not save the syslog server', inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: syslogKeys(accountId).all }),
  });
}

export function useDeleteSyslogConfig(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(syslogApi.deleteSyslogConfig, { params: configParams(accountId, id) }),
    meta: { refusalsShownInline: true }, // asked in a confirmAction dialog, which keeps the refusal
    onSuccess: () => queryClient.invalidateQueries({ queryKey: syslogKeys(accountId).all }),
  });
}

/** Sends one test message now; a refused delivery is an answer (delivered: false), not an error. */
export function useTestSyslogConfig(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await callApi(syslogApi.testSyslogConfig, { params: configParams(accountId, id) })).test_result,
    meta: { errorContext: 'Could not send the test message' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: syslogKeys(accountId).all }),
  });
}
