import type { z } from 'zod';
import { DEVICE_ORDER_BY, type deviceFilters } from '@keydeck/contract/devices';
import { lenientSearch } from '../../../lib/ui/list-search';
import { deviceListSearch, type DeviceListState } from '../devices.search';

export type { DeviceListState };
export type DeviceOrderBy = (typeof DEVICE_ORDER_BY)[number];
export type DeviceListPatch = Partial<{ [K in keyof DeviceListState]: DeviceListState[K] | undefined }>;

/** The list as the URL holds it (defaults left out), with the defaults filled in: serial order, all filters. */
export const deviceListState = lenientSearch(deviceListSearch) as (search: DeviceListPatch) => DeviceListState;

/** A list order_by from the table's sort header; an unknown one keeps serial order. */
export const deviceOrderBy = (value: string | undefined): DeviceOrderBy | undefined =>
  (DEVICE_ORDER_BY as readonly string[]).includes(value ?? '') ? (value as DeviceOrderBy) : undefined;

/** Whether any narrowing filter is set (search included): "every matching device" is then not every device. */
export const isFiltered = (state: DeviceListState) =>
  Boolean(state.search || state.archived !== undefined || state.group || state.date_start || state.date_end);

/**
 * The filters as a batch body's `filter` (and the export's query): the contract takes archived as the text of a
 * query parameter there too ("true"/"false").
 */
export function wireFilter(state: DeviceListState): DeviceFilterWire {
  return {
    search: state.search,
    archived: state.archived === undefined ? undefined : state.archived ? 'true' : 'false',
    group: state.group,
    date_start: state.date_start,
    date_end: state.date_end,
    operator: state.operator,
  };
}
export type DeviceFilterWire = z.input<typeof deviceFilters>;
