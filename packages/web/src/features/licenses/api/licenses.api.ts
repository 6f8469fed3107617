import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { License, LicenseFields, LicensesQuery, LicenseUpdate } from '@keydeck/contract/licenses';
import { licensesApi } from '@keydeck/contract/licenses.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { listQueryOptions } from '../../../lib/list-query';

const licenseKeys = (accountId: string) => queryKeys('licenses', accountId);

const params = (accountId: string) => ({ account_id: accountId });

export const licensesQueryOptions = (accountId: string, query: LicensesQuery) =>
  listQueryOptions({
    queryKey: licenseKeys(accountId).list(query),
    queryFn: ({ signal }) => callApi(licensesApi.listLicenses, { params: params(accountId), query, signal }),
    meta: { errorContext: 'Could not load the licenses' },
  });

/** Grants (no id) or changes (with id) one license of the account. */
export function useSaveLicense(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (license: LicenseFields | LicenseUpdate) => {
      const { licenses } =
        'id' in license
          ? await callApi(licensesApi.updateLicenses, { params: params(accountId), body: { licenses: [license] } })
          : await callApi(licensesApi.createLicenses, { params: params(accountId), body: { licenses: [license] } });
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
      callApi(licensesApi.deleteLicenses, { params: params(accountId), body: { licenses: [license.id] } }),
    meta: { refusalsShownInline: true }, // asked in a confirmAction dialog, which keeps the refusal
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenseKeys(accountId).lists() }),
  });
}
