import type { BlueprintFields } from '@keydeck/contract/blueprints';
import { infrastructureApi } from '@keydeck/contract/infrastructure.api';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client';
import type { InfrastructureSearch } from '../infrastructure.search';
import { blueprintKeys, useInfrastructureChange } from './infrastructure-keys';
import { listQueryOptions } from '../../../lib/list-query';

type BlueprintsQuery = z.output<typeof InfrastructureSearch.blueprints>;

/** The URL holds the enabled filter as a boolean; the wire takes it as text. */
const wireQuery = ({ enabled, ...query }: BlueprintsQuery) => ({
  ...query,
  enabled: enabled === undefined ? undefined : enabled ? ('true' as const) : ('false' as const),
});

export const blueprintsQueryOptions = (query: BlueprintsQuery) =>
  listQueryOptions({
    queryKey: blueprintKeys.list(query),
    queryFn: ({ signal }) => callApi(infrastructureApi.listBlueprints, { query: wireQuery(query), signal }),
    meta: { errorContext: 'Could not load the blueprints' },
  });

export function useSaveBlueprint() {
  return useInfrastructureChange(
    async ({ id, fields }: { id?: string; fields: BlueprintFields }) =>
      (id
        ? await callApi(infrastructureApi.updateBlueprint, { params: { blueprint_id: id }, body: fields })
        : await callApi(infrastructureApi.createBlueprint, { body: fields })
      ).data,
    { errorContext: 'Could not save the blueprint', form: true },
  );
}

export function useDeleteBlueprint() {
  return useInfrastructureChange(
    (id: string) => callApi(infrastructureApi.deleteBlueprint, { params: { blueprint_id: id } }),
    { inDialog: true },
  );
}
