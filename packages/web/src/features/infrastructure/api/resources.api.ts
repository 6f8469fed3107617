import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiPath } from '@keydeck/contract/http';
import { resourcesPage } from '@keydeck/contract/infrastructure-resources';
import { type resourcesQuery } from '@keydeck/contract/infrastructure-queries';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';
import { resourceKeys } from './infrastructure-keys';

type ResourcesQuery = z.output<typeof resourcesQuery>;

export const resourcesQueryOptions = (query: ResourcesQuery) =>
  queryOptions({
    queryKey: resourceKeys.list(query),
    queryFn: ({ signal }) => apiRequest(`${ApiPath.resources}?${toQueryString(query)}`, { schema: resourcesPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the resources' },
  });
