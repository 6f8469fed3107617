import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiPath } from '@keydeck/contract/http';
import {
  adminServicesPage,
  type AdminServicesQuery,
  serviceRequestBody,
  serviceResponse,
  servicesPage,
  servicesResponse,
  type adminServicesCreateBody,
  type Service,
  type ServiceRequest,
  type ServicesQuery,
} from '@keydeck/contract/services';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toQueryString } from '../../../lib/query-string';

const serviceKeys = queryKeys('services');

/** GET service/services: a page of the account's services, with the catalogue (locations, requestable types, environments). */
export const servicesQueryOptions = (query: Partial<ServicesQuery>) =>
  queryOptions({
    queryKey: serviceKeys.list(query),
    queryFn: ({ signal }) => apiRequest(`${ApiPath.services}?${toQueryString(query)}`, { schema: servicesPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the services' },
  });

/** GET admin/services/: every account's services with the account's name (platform administrators). */
export const adminServicesQueryOptions = (query: Partial<AdminServicesQuery>) =>
  queryOptions({
    queryKey: serviceKeys.list({ every_account: true, ...query }),
    queryFn: ({ signal }) => apiRequest(`${ApiPath.adminServices}?${toQueryString(query)}`, { schema: adminServicesPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the service requests' },
  });

/** How many requests wait for a platform administrator, for the navigation. */
export async function pendingRequestsCount(): Promise<number> {
  const query = toQueryString({ status: 'PendingApproval', page_size: 1 });
  return (await apiRequest(`${ApiPath.adminServices}?${query}`, { schema: adminServicesPage })).total;
}

/** DELETE service/services: the account withdraws its own pending request. */
export function useCancelServiceRequest() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: (service: Service) => apiRequest(ApiPath.services, { method: 'DELETE', body: { services: [service.id] }, schema: servicesResponse }),
    meta: { errorContext: 'Could not withdraw the request' },
    onSuccess: invalidate,
  });
}

/** The full service fetch (spec §9: page_size 99), for the catalogue and the workspace. */
export const allServicesQueryOptions = () => servicesQueryOptions({ page_size: 99 });

/** GET service/?id= */
export const serviceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: serviceKeys.detail(id),
    queryFn: async ({ signal }) => (await apiRequest(`${ApiPath.service}?${toQueryString({ id })}`, { schema: serviceResponse, signal })).service,
    meta: { errorContext: 'Could not load the service' },
  });

function useInvalidateServices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: serviceKeys.all });
}

/** POST service/services: the customer's request; the service starts Pending Approval. */
export function useRequestService() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: async (request: ServiceRequest) =>
      (await apiRequest(ApiPath.services, { method: 'POST', body: serviceRequestBody.parse(request), schema: serviceResponse })).service,
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
      (await apiRequest(ApiPath.adminServices, { method: 'POST', body: { services: [fields] }, schema: servicesResponse })).services[0]!,
    // Field errors come back as services.0.<field> for the form.
    meta: { errorContext: 'Could not create the service', inlineErrorStatuses: [400] },
    onSuccess: invalidate,
  });
}

export type ServiceAction = 'approve' | 'enable' | 'disable';

/** admin/services PUT: approve a request, or disable / enable a service. */
export function useChangeServiceStatus() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: async ({ service, action }: { service: Service; action: ServiceAction }) =>
      (await apiRequest(ApiPath.adminServices, { method: 'PUT', body: { services: [{ id: service.id, action }] }, schema: servicesResponse }))
        .services[0]!,
    meta: { errorContext: 'Could not change the service' },
    onSuccess: invalidate,
  });
}

/** admin/services DELETE: rejects a pending request or deletes a service with everything it holds. */
export function useDeleteService() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: (service: Service) =>
      apiRequest(ApiPath.adminServices, { method: 'DELETE', body: { services: [service.id] }, schema: servicesResponse }),
    meta: { errorContext: 'Could not delete the service' },
    onSuccess: invalidate,
  });
}
