import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  credentialOwnersResponse,
  credentialResponse,
  credentialsPage,
  credentialWithSecret,
  type CredentialCreate,
  type CredentialRotate,
  type CredentialsListQuery,
  type CredentialUpdate,
} from '@keydeck/contract/credentials';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toQueryString } from '../../../lib/query-string';

const credentialKeys = (accountId: string) => queryKeys('credentials', accountId);

const listPath = (accountId: string) => apiPath(ApiPath.credentials, { account_id: accountId });
const params = (accountId: string, id: string) => ({ account_id: accountId, credential_id: id });

export const credentialsQueryOptions = (accountId: string, query: CredentialsListQuery) =>
  queryOptions({
    queryKey: credentialKeys(accountId).list(query),
    queryFn: ({ signal }) => apiRequest(`${listPath(accountId)}?${toQueryString(query)}`, { schema: credentialsPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the API credentials' },
  });

export const credentialOwnersQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: credentialKeys(accountId).detail('owners'),
    queryFn: async ({ signal }) => (await apiRequest(apiPath(ApiPath.credentialOwners, { account_id: accountId }), { schema: credentialOwnersResponse, signal })).data,
    meta: { errorContext: 'Could not load the users who may own a credential' },
  });

/**
 * Create and rotate answer the secret once. It lives only in the screen's state while shown: the mutation is
 * forgotten at once (gcTime 0), and nothing puts it in the query cache.
 */
export function useCreateCredential(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: CredentialCreate) => (await apiRequest(listPath(accountId), { method: 'POST', body: fields, schema: credentialWithSecret })).data,
    gcTime: 0,
    meta: { errorContext: 'Could not create the credential', inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys(accountId).all }),
  });
}

export function useUpdateCredential(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fields }: { id: string; fields: CredentialUpdate }) =>
      (await apiRequest(apiPath(ApiPath.credential, params(accountId, id)), { method: 'PUT', body: fields, schema: credentialResponse })).data,
    meta: { errorContext: 'Could not save the credential', inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys(accountId).all }),
  });
}

export function useRotateCredential(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: CredentialRotate & { id: string }) =>
      (await apiRequest(apiPath(ApiPath.credentialRotate, params(accountId, id)), { method: 'POST', body, schema: credentialWithSecret })).data,
    gcTime: 0,
    meta: { errorContext: 'Could not rotate the secret', inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys(accountId).all }),
  });
}

export function useRevokeCredential(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await apiRequest(apiPath(ApiPath.credentialRevoke, params(accountId, id)), { method: 'POST', schema: credentialResponse })).data,
    meta: { errorContext: 'Could not revoke the credential' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys(accountId).all }),
  });
}
