import { z } from 'zod';
import { pagingQuery } from './paging.ts';

/**
 * The services lists' queries and statuses, apart from the area's other schemas: the web's route table validates
 * URLs with them, so they load with the app's first chunk and must stay small.
 */

/** Service statuses and how they are shown (spec §3). */
export const SERVICE_STATUSES = {
  Enabled: 'Enabled',
  Disabled: 'Disabled',
  PendingProvisioning: 'Pending Provisioning',
  PendingApproval: 'Pending Approval',
} as const;
export type ServiceStatus = keyof typeof SERVICE_STATUSES;

export const serviceStatusKey = z.enum(Object.keys(SERVICE_STATUSES) as [ServiceStatus, ...ServiceStatus[]]);

/** GET service/services: the account's services (page_size 99 for the full fetch) and what may be requested. */
export const servicesQuery = pagingQuery(['name', 'type', 'status', 'created_at'], 'name').extend({
  page_size: z.coerce.number().int().min(1).max(99).default(10),
  /** Platform administrators name the account; everyone else sees their own. */
  account_id: z.string().uuid().optional(),
  status: serviceStatusKey.optional(),
});
export type ServicesQuery = z.infer<typeof servicesQuery>;

/** GET admin/services/: every account's services (the pending requests above all), with the account's name. */
export const adminServicesQuery = pagingQuery(['name', 'status', 'created_at', 'account_name'], 'created_at').extend({
  status: serviceStatusKey.optional(),
});
export type AdminServicesQuery = z.infer<typeof adminServicesQuery>;
