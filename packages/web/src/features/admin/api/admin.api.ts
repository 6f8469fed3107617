import { queryOptions } from '@tanstack/react-query';
import { adminApi } from '@keydeck/contract/admin.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const serverInfoKeys = queryKeys('admin-server-info');

/** A console call: a 403 here is a permission refusal, so the server's message is shown (not serviceScoped). */
export const serverInfoQueryOptions = queryOptions({
  queryKey: serverInfoKeys.all,
  queryFn: ({ signal }) => callApi(adminApi.getServerInfo, { signal }),
  meta: { errorContext: 'Could not load the server status' },
});
