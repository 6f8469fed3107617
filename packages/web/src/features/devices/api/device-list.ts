import type { z } from 'zod';
import { DEVICE_ORDER_BY, type deviceFilters } from '@keydeck/contract/devices';
import { PAGING_DEFAULTS } from '@keydeck/contract/paging';

export type DeviceOrderBy = (typeof DEVICE_ORDER_BY)[number];

/** The Remote Devices list: paging, order and the spec §3 filters, as GET service/device takes them. */
export interface DeviceListState {
  page: number;
  page_size: number;
  order: 'asc' | 'desc';
  order_by: DeviceOrderBy;
  search?: string | undefined;
  archived?: boolean | undefined;
  group?: string | undefined;
  date_start?: string | undefined;
  date_end?: string | undefined;
  operator: 'and' | 'or';
}
export type DeviceListPatch = Partial<{ [K in keyof DeviceListState]: DeviceListState[K] | undefined }>;

/** The list as the URL holds it (every field optional), with the defaults filled in: serial order, all filters. */
export function deviceListState(search: DeviceListPatch): DeviceListState {
  return {
    page: search.page ?? PAGING_DEFAULTS.page,
    page_size: search.page_size ?? PAGING_DEFAULTS.page_size,
    order: search.order ?? PAGING_DEFAULTS.order,
    order_by: search.order_by ?? 'serial',
    search: search.search,
    archived: search.archived,
    group: search.group,
    date_start: search.date_start,
    date_end: search.date_end,
    operator: search.operator ?? 'and',
  };
}

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
