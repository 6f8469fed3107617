import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import {
  identityProviderDeleted,
  identityProviderResponse,
  identityProvidersPage,
  type IdentityProviderFields,
  type IdentityProvidersQuery,
} from '@keydeck/contract/identity-providers';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toQueryString } from '../../../lib/query-string';

const identityProviderKeys = (accountId: string) => queryKeys('identity-providers', accountId);

const listPath = (accountId: string) => apiPath(ApiPath.identityProviders, { account_id: accountId });
const providerPath = (accountId: string, id: string) => apiPath(ApiPath.identityProvider, { account_id: accountId, provider_id: id });

export const identityProvidersQueryOptions = (accountId: string, query: IdentityProvidersQuery) =>
  queryOptions({
    queryKey: identityProviderKeys(accountId).list(query),
    queryFn: ({ signal }) => apiRequest(`${listPath(accountId)}?${toQueryString(query)}`, { schema: identityProvidersPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the identity providers' },
  });

/** Adds (no id) or replaces (PUT) one provider; one form serves both. */
export function useSaveIdentityProvider(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fields }: { id?: string; fields: IdentityProviderFields }) =>
      (
        await apiRequest(id ? providerPath(accountId, id) : listPath(accountId), {
          method: id ? 'PUT' : 'POST',
          body: fields,
          schema: identityProviderResponse,
        })
      ).identity_provider,
    meta: { errorContext: 'Could not save the identity provider', inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identityProviderKeys(accountId).all }),
  });
}

export function useDeleteIdentityProvider(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(providerPath(accountId, id), { method: 'DELETE', schema: identityProviderDeleted }),
    meta: { errorContext: 'Could not remove the identity provider' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identityProviderKeys(accountId).all }),
  });
}
