import { infrastructureApi } from '@keydeck/contract/infrastructure.api';
import type { ProductLicenseFields } from '@keydeck/contract/product-licenses';
import { type productLicensesQuery } from '@keydeck/contract/infrastructure-queries';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client';
import { productLicenseKeys, useInfrastructureChange } from './infrastructure-keys';
import { listQueryOptions } from '../../../lib/list-query';

type ProductLicensesQuery = z.output<typeof productLicensesQuery>;

export const productLicensesQueryOptions = (query: ProductLicensesQuery) =>
  listQueryOptions({
    queryKey: productLicenseKeys.list(query),
    queryFn: ({ signal }) => callApi(infrastructureApi.listProductLicenses, { query, signal }),
    meta: { errorContext: 'Could not load the licenses' },
  });

export function useSaveProductLicense() {
  return useInfrastructureChange(
    async ({ id, fields }: { id?: string; fields: ProductLicenseFields }) =>
      (id
        ? await callApi(infrastructureApi.updateProductLicense, { params: { license_id: id }, body: fields })
        : await callApi(infrastructureApi.createProductLicense, { body: fields })
      ).data,
    { errorContext: 'Could not save the license', form: true },
  );
}

export function useDeleteProductLicense() {
  return useInfrastructureChange(
    (id: string) => callApi(infrastructureApi.deleteProductLicense, { params: { license_id: id } }),
    { inDialog: true },
  );
}
