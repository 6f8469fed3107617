import { z } from 'zod';
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

/** /home/service: old links named the workspace's section in the query; they now open its route (see the route table). */
export const serviceWorkspaceSearch = z.object({ section: z.string().optional() });

/** A full dashboard search from the parts a link sets; the route leaves the defaults out of the URL. */
export function dashboardSearch(patch: Partial<ServicesDashboardSearch>): ServicesDashboardSearch {
  return { ...servicesDashboardSearch.parse({}), ...patch };
}
