import { z } from 'zod';
import { DEVICE_ORDER_BY, deviceFilters } from '@keydeck/contract/devices-queries';
import { MAX_PAGE_SIZE } from '@keydeck/contract/paging';
import { adminServicesQuery, servicesQuery } from '@keydeck/contract/services-queries';

/** What the dashboard's action query may ask for on arrival (spec §2). */
export const SERVICE_ACTIONS_ON_ARRIVAL = ['login', 'request'] as const;

/** The account's services list as the customer sees it: their own account, so no account_id. */
export const accountServicesListQuery = servicesQuery.omit({ account_id: true });

/** The request queue: every account's pending requests, so no status in the URL. */
export const serviceRequestsSearch = adminServicesQuery.omit({ status: true });

/** /home/services/{service_id?}: the list's paging, plus service_id and action from the query (spec §2). */
export const servicesDashboardSearch = accountServicesListQuery.extend({
  service_id: z.string().uuid().optional(),
  action: z.enum(SERVICE_ACTIONS_ON_ARRIVAL).optional(),
});
export type ServicesDashboardSearch = z.output<typeof servicesDashboardSearch>;

/**
 * /home/service: the workspace section shown (a tab), and the Remote Devices list (section=devices) as
 * GET service/device takes it. Every list field is optional: absent means the list's default, so links to the
 * workspace name no more than the section.
 */
export const serviceWorkspaceSearch = z.object({
  section: z.string().optional(),
  page: z.coerce.number().int().min(1).optional(),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  order_by: z.enum(DEVICE_ORDER_BY).optional(),
  search: deviceFilters.shape.search,
  // The router writes a boolean; a hand-written URL may say "true".
  archived: z.union([z.boolean(), deviceFilters.shape.archived.unwrap()]).optional(),
  group: deviceFilters.shape.group,
  date_start: deviceFilters.shape.date_start,
  date_end: deviceFilters.shape.date_end,
  operator: z.enum(['and', 'or']).optional(),
});
export type ServiceWorkspaceSearch = z.output<typeof serviceWorkspaceSearch>;

/** A full dashboard search from the parts a link sets; the route leaves the defaults out of the URL. */
export function dashboardSearch(patch: Partial<ServicesDashboardSearch>): ServicesDashboardSearch {
  return { ...servicesDashboardSearch.parse({}), ...patch };
}
