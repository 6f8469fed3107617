import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { infrastructureDeletedResponse } from '@keydeck/contract/infrastructure';
import { productLicenseResponse, productLicensesPage, type ProductLicenseFields } from '@keydeck/contract/product-licenses';
import { type productLicensesQuery } from '@keydeck/contract/infrastructure-queries';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';
import { productLicenseKeys, useInfrastructureChange } from './infrastructure-keys';

type ProductLicensesQuery = z.output<typeof productLicensesQuery>;

export const productLicensesQueryOptions = (query: ProductLicensesQuery) =>
  queryOptions({
    queryKey: productLicenseKeys.list(query),
    queryFn: ({ signal }) => apiRequest(`${ApiPath.productLicenses}?${toQueryString(query)}`, { schema: productLicensesPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the licenses' },
  });

export function useSaveProductLicense() {
  return useInfrastructureChange(
    async ({ id, fields }: { id?: string; fields: ProductLicenseFields }) =>
      (
        await apiRequest(id ? apiPath(ApiPath.productLicense, { license_id: id }) : ApiPath.productLicenses, {
          method: id ? 'PUT' : 'POST',
          body: fields,
          schema: productLicenseResponse,
        })
      ).data,
    { errorContext: 'Could not save the license', form: true },
  );
}

export function useDeleteProductLicense() {
  return useInfrastructureChange(
    (id: string) => apiRequest(apiPath(ApiPath.productLicense, { license_id: id }), { method: 'DELETE', schema: infrastructureDeletedResponse }),
    { errorContext: 'Could not delete the license' },
  );
}
