import { queryOptions } from '@tanstack/react-query';
import { serverInfo } from '@keydeck/contract/admin';
import { ApiPath } from '@keydeck/contract/http';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const serverInfoKeys = queryKeys('server-info');

/** A console call: a 403 here is a permission refusal, so the server's message is shown (not serviceScoped). */
export const serverInfoQueryOptions = queryOptions({
  queryKey: serverInfoKeys.all,
  queryFn: ({ signal }) => apiRequest(ApiPath.serverInfo, { schema: serverInfo, signal }),
  meta: { errorContext: 'Could not load the server status' },
});
