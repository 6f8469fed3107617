import { devicesApi } from '@keydeck/contract/devices.api';
import { deviceGroupNameKeys } from '../../../lib/query-keys';
import { serviceCall } from '../../../lib/service-session';
import { listQueryOptions } from '../../../lib/list-query';

/** How many group names a picker offers at once; typing narrows the choice on the server. */
export const GROUP_NAMES_SHOWN = 50;

/** The names of the service's device groups matching a fragment (query_only: names alone, cheap for the server). */
export const deviceGroupNamesQueryOptions = (serviceId: string, search: string | undefined) =>
  listQueryOptions({
    queryKey: deviceGroupNameKeys(serviceId).list({ search }),
    queryFn: async ({ signal }) => {
      const query = { chunk: 1, chunk_size: GROUP_NAMES_SHOWN, search, query_only: true };
      const answer = await serviceCall(serviceId, devicesApi.listDeviceGroups, { query, signal });
      return { names: answer.data.map((group) => group.group_name), more: answer.more };
    },
    meta: { errorContext: 'Could not load the device groups' },
  });
