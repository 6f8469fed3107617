import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import {
  licensesDeleteBody,
  licensesPage,
  licensesResponse,
  type License,
  type LicenseFields,
  type LicensesQuery,
  type LicenseUpdate,
} from '@keydeck/contract/licenses';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toQueryString } from '../../../lib/query-string';

const licenseKeys = (accountId: string) => queryKeys('licenses', accountId);

const licensesPath = (accountId: string) => apiPath(ApiPath.accountLicenses, { account_id: accountId });

export const licensesQueryOptions = (accountId: string, query: LicensesQuery) =>
  queryOptions({
    queryKey: licenseKeys(accountId).list(query),
    queryFn: ({ signal }) => apiRequest(`${licensesPath(accountId)}?${toQueryString(query)}`, { schema: licensesPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the licenses' },
  });

/** Grants (no id) or changes (with id) one license of the account. */
export function useSaveLicense(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (license: LicenseFields | LicenseUpdate) => {
      const method = 'id' in license ? 'PUT' : 'POST';
      const { licenses } = await apiRequest(licensesPath(accountId), { method, body: { licenses: [license] }, schema: licensesResponse });
      return licenses[0]!;
    },
    // Field errors come back as licenses.0.<field> for the form.
    meta: { errorContext: 'Could not save the license', inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenseKeys(accountId).lists() }),
  });
}

export function useDeleteLicense(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (license: License) =>
      apiRequest(licensesPath(accountId), { method: 'DELETE', body: { licenses: [license.id] }, schema: licensesDeleteBody }),
    meta: { errorContext: 'Could not delete the license' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenseKeys(accountId).lists() }),
  });
}
