import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { blueprintResponse, blueprintsPage, type BlueprintFields } from '@keydeck/contract/blueprints';
import { infrastructureDeletedResponse } from '@keydeck/contract/infrastructure';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';
import type { InfrastructureSearch } from '../infrastructure.search';
import { blueprintKeys, useInfrastructureChange } from './infrastructure-keys';

type BlueprintsQuery = z.output<typeof InfrastructureSearch.blueprints>;

export const blueprintsQueryOptions = (query: BlueprintsQuery) =>
  queryOptions({
    queryKey: blueprintKeys.list(query),
    queryFn: ({ signal }) => apiRequest(`${ApiPath.blueprints}?${toQueryString(query)}`, { schema: blueprintsPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the blueprints' },
  });

export function useSaveBlueprint() {
  return useInfrastructureChange(
    async ({ id, fields }: { id?: string; fields: BlueprintFields }) =>
      (
        await apiRequest(id ? apiPath(ApiPath.blueprint, { blueprint_id: id }) : ApiPath.blueprints, {
          method: id ? 'PUT' : 'POST',
          body: fields,
          schema: blueprintResponse,
        })
      ).data,
    { errorContext: 'Could not save the blueprint', form: true },
  );
}

export function useDeleteBlueprint() {
  return useInfrastructureChange(
    (id: string) => apiRequest(apiPath(ApiPath.blueprint, { blueprint_id: id }), { method: 'DELETE', schema: infrastructureDeletedResponse }),
    { errorContext: 'Could not delete the blueprint' },
  );
}
