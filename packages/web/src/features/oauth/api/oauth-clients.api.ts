import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { credentialOwnersResponse } from '@keydeck/contract/credentials';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import {
  oauthClientResponse,
  oauthClientsPage,
  oauthClientWithSecret,
  oauthDeleted,
  type OAuthClientCreate,
  type OAuthClientUpdate,
} from '@keydeck/contract/oauth';
import type { OAuthClientsListQuery } from '@keydeck/contract/oauth-queries';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toQueryString } from '../../../lib/query-string';

const oauthClientKeys = (accountId: string) => queryKeys('oauth-clients', accountId);

const listPath = (accountId: string) => apiPath(ApiPath.oauthClients, { account_id: accountId });
const params = (accountId: string, id: string) => ({ account_id: accountId, oauth_client_id: id });

export const oauthClientsQueryOptions = (accountId: string, query: OAuthClientsListQuery) =>
  queryOptions({
    queryKey: oauthClientKeys(accountId).list(query),
    queryFn: ({ signal }) => apiRequest(`${listPath(accountId)}?${toQueryString(query)}`, { schema: oauthClientsPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the OAuth clients' },
  });

export const oauthClientQueryOptions = (accountId: string, id: string) =>
  queryOptions({
    queryKey: oauthClientKeys(accountId).detail(id),
    queryFn: async ({ signal }) => (await apiRequest(apiPath(ApiPath.oauthClient, params(accountId, id)), { schema: oauthClientResponse, signal })).data,
    meta: { errorContext: 'Could not load the OAuth client' },
  });

/** The users who may own a client, with their permissions: the scopes a client may ask for are its owner's. */
export const oauthClientOwnersQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: oauthClientKeys(accountId).detail('owners'),
    queryFn: async ({ signal }) => (await apiRequest(apiPath(ApiPath.credentialOwners, { account_id: accountId }), { schema: credentialOwnersResponse, signal })).data,
    meta: { errorContext: 'Could not load the users who may own an OAuth client' },
  });

/**
 * Create and rotate answer the client secret once. It lives only in the screen's state while shown: the mutation
 * is forgotten at once (gcTime 0), and nothing puts it in the query cache.
 */
export function useCreateOAuthClient(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: OAuthClientCreate) => (await apiRequest(listPath(accountId), { method: 'POST', body: fields, schema: oauthClientWithSecret })).data,
    gcTime: 0,
    meta: { errorContext: 'Could not create the OAuth client', inlineErrorStatuses: [400, 409] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oauthClientKeys(accountId).all }),
  });
}

export function useUpdateOAuthClient(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fields }: { id: string; fields: OAuthClientUpdate }) =>
      (await apiRequest(apiPath(ApiPath.oauthClient, params(accountId, id)), { method: 'PUT', body: fields, schema: oauthClientResponse })).data,
    meta: { errorContext: 'Could not save the OAuth client', inlineErrorStatuses: [400, 409] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oauthClientKeys(accountId).all }),
  });
}

export function useRotateOAuthClientSecret(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiRequest(apiPath(ApiPath.oauthClientRotate, params(accountId, id)), { method: 'POST', body: {}, schema: oauthClientWithSecret })).data,
    gcTime: 0,
    meta: { errorContext: 'Could not rotate the client secret' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oauthClientKeys(accountId).all }),
  });
}

export function useDeleteOAuthClient(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(apiPath(ApiPath.oauthClient, params(accountId, id)), { method: 'DELETE', schema: oauthDeleted }),
    meta: { errorContext: 'Could not delete the OAuth client' },
    // The deleted client's detail must not be refetched (it would answer 404): drop it, refresh the lists.
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: oauthClientKeys(accountId).detail(id) });
      return queryClient.invalidateQueries({ queryKey: oauthClientKeys(accountId).lists() });
    },
  });
}
