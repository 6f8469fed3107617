import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type AdminServicesQuery,
  serviceRequestBody,
  type adminServicesCreateBody,
  type Service,
  type ServiceRequest,
  type ServicesQuery,
} from '@keydeck/contract/services';
import { adminServicesApi, servicesApi } from '@keydeck/contract/services.api';
import { callApi } from '../../../lib/api-client';
import { serviceKeys, servicesListQueryOptions } from '../../../lib/services';
import { listQueryOptions } from '../../../lib/list-query';

export { serviceQueryOptions } from '../../../lib/services';

/** The services list screens: a page of services that stays shown while the next one loads. */
export const servicesQueryOptions = (query: Partial<ServicesQuery>) =>
  listQueryOptions(servicesListQueryOptions(query));

/** GET admin/services/: every account's services with the account's name (platform administrators). */
export const adminServicesQueryOptions = (query: Partial<AdminServicesQuery>) =>
  listQueryOptions({
    queryKey: serviceKeys.list({ every_account: true, ...query }),
    queryFn: ({ signal }) => callApi(adminServicesApi.adminListServices, { query, signal }),
    meta: { errorContext: 'Could not load the service requests' },
  });

/** How many requests wait for a platform administrator, for the navigation. */
export async function pendingRequestsCount(): Promise<number> {
  return (await callApi(adminServicesApi.adminListServices, { query: { status: 'PendingApproval', page_size: 1 } })).total;
}

/** DELETE service/services: the account withdraws its own pending request. */
export function useCancelServiceRequest() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: (service: Service) => callApi(servicesApi.cancelServiceRequests, { body: { services: [service.id] } }),
    meta: { refusalsShownInline: true },
    onSuccess: invalidate,
  });
}

/** The full service fetch (spec §9: page_size 99), for the catalogue and the workspace. */
export const allServicesQueryOptions = () => servicesQueryOptions({ page_size: 99 });

function useInvalidateServices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: serviceKeys.all });
}

/** POST service/services: the customer's request; the service starts Pending Approval. */
export function useRequestService() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: async (request: ServiceRequest) =>
      (await callApi(servicesApi.requestService, { body: serviceRequestBody.parse(request) })).service,
    meta: { errorContext: 'Could not request the service', inlineErrorStatuses: [400] },
    onSuccess: invalidate,
  });
}

export type AdminServiceFields = z.input<typeof adminServicesCreateBody>['services'][number];

/** admin/services POST: a platform administrator creates a service for the account; it goes to provisioning. */
export function useCreateService() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: async (fields: AdminServiceFields) =>
      (await callApi(adminServicesApi.adminCreateServices, { body: { services: [fields] } })).services[0]!,
    // Field errors come back as services.0.<field> for the form.
    meta: { errorContext: 'Could not create the service', inlineErrorStatuses: [400] },
    onSuccess: invalidate,
  });
}

export type ServiceAction = 'approve' | 'enable' | 'disable';

/** admin/services PUT: approve a request, or disable / enable a service; inDialog: confirmed in a dialog that shows its refusals. */
export function useChangeServiceStatus(inDialog = false) {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: async ({ service, action }: { service: Service; action: ServiceAction }) =>
      (await callApi(adminServicesApi.adminUpdateServices, { body: { services: [{ id: service.id, action }] } })).services[0]!,
    meta: inDialog ? { refusalsShownInline: true } : { errorContext: 'Could not change the service' },
    onSuccess: invalidate,
  });
}

/** admin/services DELETE: rejects a pending request or deletes a service with everything it holds. */
export function useDeleteService() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: (service: Service) => callApi(adminServicesApi.adminDeleteServices, { body: { services: [service.id] } }),
    meta: { refusalsShownInline: true },
    onSuccess: invalidate,
  });
}
