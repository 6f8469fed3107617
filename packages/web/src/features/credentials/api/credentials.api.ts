import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CredentialCreate, CredentialRotate, CredentialsListQuery, CredentialUpdate } from '@keydeck/contract/credentials';
import { credentialsApi } from '@keydeck/contract/credentials.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { listQueryOptions } from '../../../lib/list-query';
import { isPendingApproval } from '../../../lib/approvals';

const credentialKeys = (accountId: string) => queryKeys('credentials', accountId);

const params = (accountId: string, id: string) => ({ account_id: accountId, credential_id: id });

/** An account's credentials: an unknown account is the screen's "Not found" panel (credentials.page), not a toast. */
export const credentialsQueryOptions = (accountId: string, query: CredentialsListQuery) =>
  listQueryOptions({
    queryKey: credentialKeys(accountId).list(query),
    queryFn: ({ signal }) => callApi(credentialsApi.listCredentials, { params: { account_id: accountId }, query, signal }),
    meta: { errorContext: 'Could not load the API credentials', inlineErrorStatuses: [404] },
  });

export const credentialOwnersQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: credentialKeys(accountId).detail('owners'),
    queryFn: async ({ signal }) => (await callApi(credentialsApi.listCredentialOwners, { params: { account_id: accountId }, signal })).data,
    meta: { errorContext: 'Could not load the users who may own a credential' },
  });

/**
 * Create and rotate answer the secret once. It lives only in the screen's state while shown: the mutation is
 * forgotten at once (gcTime 0), and nothing puts it in the query cache.
 */
export function useCreateCredential(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: CredentialCreate) => {
      const answer = await callApi(credentialsApi.createCredential, { params: { account_id: accountId }, body: fields });
      return isPendingApproval(answer) ? answer : answer.data;
    },
    gcTime: 0,
    meta: { errorContext: 'Could not create the credential', inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys(accountId).all }),
  });
}

export function useUpdateCredential(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fields }: { id: string; fields: CredentialUpdate }) =>
      (await callApi(credentialsApi.updateCredential, { params: params(accountId, id), body: fields })).data,
    meta: { errorContext: 'Could not save the credential', inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys(accountId).all }),
  });
}

export function useRotateCredential(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: CredentialRotate & { id: string }) =>
      (await callApi(credentialsApi.rotateCredential, { params: params(accountId, id), body })).data,
    gcTime: 0,
    meta: { errorContext: 'Could not rotate the secret', inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys(accountId).all }),
  });
}

export function useRevokeCredential(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await callApi(credentialsApi.revokeCredential, { params: params(accountId, id) })).data,
    meta: { refusalsShownInline: true }, // asked in a confirmAction dialog, which keeps the refusal
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys(accountId).all }),
  });
}
