import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { credentialsApi } from '@keydeck/contract/credentials.api';
import type { OAuthClientCreate, OAuthClientUpdate } from '@keydeck/contract/oauth';
import { oauthApi } from '@keydeck/contract/oauth.api';
import type { OAuthClientsListQuery } from '@keydeck/contract/oauth-queries';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { listQueryOptions } from '../../../lib/list-query';
import { isPendingApproval } from '../../../lib/approvals';

const oauthClientKeys = (accountId: string) => queryKeys('oauth-clients', accountId);

const params = (accountId: string, id: string) => ({ account_id: accountId, oauth_client_id: id });

export const oauthClientsQueryOptions = (accountId: string, query: OAuthClientsListQuery) =>
  listQueryOptions({
    queryKey: oauthClientKeys(accountId).list(query),
    queryFn: ({ signal }) => callApi(oauthApi.listOAuthClients, { params: { account_id: accountId }, query, signal }),
    meta: { errorContext: 'Could not load the OAuth clients' },
  });

export const oauthClientQueryOptions = (accountId: string, id: string) =>
  queryOptions({
    queryKey: oauthClientKeys(accountId).detail(id),
    queryFn: async ({ signal }) => (await callApi(oauthApi.getOAuthClient, { params: params(accountId, id), signal })).data,
    meta: { errorContext: 'Could not load the OAuth client' },
  });

/** The users who may own a client, with their permissions: the scopes a client may ask for are its owner's. */
export const oauthClientOwnersQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: oauthClientKeys(accountId).detail('owners'),
    queryFn: async ({ signal }) => (await callApi(credentialsApi.listCredentialOwners, { params: { account_id: accountId }, signal })).data,
    meta: { errorContext: 'Could not load the users who may own an OAuth client' },
  });

/**
 * Create and rotate answer the client secret once. It lives only in the screen's state while shown: the mutation
 * is forgotten at once (gcTime 0), and nothing puts it in the query cache.
 */
export function useCreateOAuthClient(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: OAuthClientCreate) => {
      const answer = await callApi(oauthApi.createOAuthClient, { params: { account_id: accountId }, body: fields });
      return isPendingApproval(answer) ? answer : answer.data;
    },
    gcTime: 0,
    meta: { errorContext: 'Could not create the OAuth client', inlineErrorStatuses: [400, 409] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oauthClientKeys(accountId).all }),
  });
}

export function useUpdateOAuthClient(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fields }: { id: string; fields: OAuthClientUpdate }) =>
      (await callApi(oauthApi.updateOAuthClient, { params: params(accountId, id), body: fields })).data,
    meta: { errorContext: 'Could not save the OAuth client', inlineErrorStatuses: [400, 409] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oauthClientKeys(accountId).all }),
  });
}

export function useRotateOAuthClientSecret(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await callApi(oauthApi.rotateOAuthClientSecret, { params: params(accountId, id) })).data,
    gcTime: 0,
    meta: { refusalsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oauthClientKeys(accountId).all }),
  });
}

export function useDeleteOAuthClient(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(oauthApi.deleteOAuthClient, { params: params(accountId, id) }),
    meta: { refusalsShownInline: true },
    // The deleted client's detail must not be refetched (it would answer 404): drop it, refresh the lists.
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: oauthClientKeys(accountId).detail(id) });
      return queryClient.invalidateQueries({ queryKey: oauthClientKeys(accountId).lists() });
    },
  });
}
