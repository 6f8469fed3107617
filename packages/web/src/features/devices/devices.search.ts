import type { z } from 'zod';
import { DEVICE_ORDER_BY, deviceFilters } from '@keydeck/contract/devices-queries';
import { keysetQuery, pagingQuery } from '@keydeck/contract/paging';

/**
 * The Remote Devices list in the URL (/home/service/devices), as GET service/device takes it: the contract's paging
 * (serial order), its filters and the keyset cursor of the page shown. The only declaration of the list's state; the route leaves the defaults out of URLs.
 */
export const deviceListSearch = pagingQuery(DEVICE_ORDER_BY, 'serial').extend({ ...deviceFilters.shape, ...keysetQuery });
export type DeviceListState = z.output<typeof deviceListSearch>;
