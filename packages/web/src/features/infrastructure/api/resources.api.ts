import { infrastructureApi } from '@keydeck/contract/infrastructure.api';
import { type resourcesQuery } from '@keydeck/contract/infrastructure-queries';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client';
import { resourceKeys } from './infrastructure-keys';
import { listQueryOptions } from '../../../lib/list-query';

type ResourcesQuery = z.output<typeof resourcesQuery>;

export const resourcesQueryOptions = (query: ResourcesQuery) =>
  listQueryOptions({
    queryKey: resourceKeys.list(query),
    queryFn: ({ signal }) => callApi(infrastructureApi.listResources, { query, signal }),
    meta: { errorContext: 'Could not load the resources' },
  });
