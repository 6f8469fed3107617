import { queryOptions } from '@tanstack/react-query';
import { serverInfo } from '@keydeck/contract/admin';
import { ApiPath } from '@keydeck/contract/http';
import { apiRequest } from '../../../lib/api-client';

export const adminKeys = {
  all: ['admin'] as const,
  serverInfo: () => [...adminKeys.all, 'server-info'] as const,
};

/** A console call: a 403 here is a permission refusal, so the server's message is shown (not serviceScoped). */
export const serverInfoQueryOptions = queryOptions({
  queryKey: adminKeys.serverInfo(),
  queryFn: ({ signal }) => apiRequest(ApiPath.serverInfo, { schema: serverInfo, signal }),
  meta: { errorContext: 'Could not load the server status' },
});
