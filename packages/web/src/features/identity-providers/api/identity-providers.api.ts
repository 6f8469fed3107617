import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IdentityProviderFields, IdentityProvidersQuery } from '@keydeck/contract/identity-providers';
import { identityProvidersApi } from '@keydeck/contract/identity-providers.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { listQueryOptions } from '../../../lib/list-query';

const identityProviderKeys = (accountId: string) => queryKeys('identity-providers', accountId);

export const identityProvidersQueryOptions = (accountId: string, query: IdentityProvidersQuery) =>
  listQueryOptions({
    queryKey: identityProviderKeys(accountId).list(query),
    queryFn: ({ signal }) => callApi(identityProvidersApi.listIdentityProviders, { params: { account_id: accountId }, query, signal }),
    meta: { errorContext: 'Could not load the identity providers' },
  });

/** Adds (no id) or replaces (PUT) one provider; one form serves both. */
export function useSaveIdentityProvider(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fields }: { id?: string; fields: IdentityProviderFields }) =>
      (id
        ? await callApi(identityProvidersApi.updateIdentityProvider, { params: { account_id: accountId, provider_id: id }, body: fields })
        : await callApi(identityProvidersApi.createIdentityProvider, { params: { account_id: accountId }, body: fields })
      ).identity_provider,
    meta: { errorContext: 'Could not save the identity provider', inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identityProviderKeys(accountId).all }),
  });
}

export function useDeleteIdentityProvider(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(identityProvidersApi.deleteIdentityProvider, { params: { account_id: accountId, provider_id: id } }),
    meta: { refusalsShownInline: true }, // asked in a confirmAction dialog, which keeps the refusal
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identityProviderKeys(accountId).all }),
  });
}
