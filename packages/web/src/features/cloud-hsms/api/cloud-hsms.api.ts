import { queryOptions, useMutation } from '@tanstack/react-query';
import type { CloudHsmRequest, CloudHsmSummary } from '@keydeck/contract/cloud-hsms';
import { cloudHsmsApi } from '@keydeck/contract/cloud-hsms.api';
import { type CloudHsmStatus } from '@keydeck/contract/cloud-hsms-queries';
import { infrastructureApi } from '@keydeck/contract/infrastructure.api';
import { callApi } from '../../../lib/api-client';
import { servicesListQueryOptions } from '../../../lib/services';
import type { CloudHsmsSearch } from '../cloud-hsms.search';
import { catalogueKeys, hsmKeys, overviewKeys, useInvalidateCloud } from './cloud-keys';
import { listQueryOptions } from '../../../lib/list-query';

/** While an HSM is on its way in or out, its status is asked again this often; otherwise not at all. */
export const IN_FLIGHT_REFRESH_MS = 2_000;
/** Health is sampled on a schedule (every 30 s); an enabled HSM's page asks for new samples this often while open. */
export const HEALTH_REFRESH_MS = 15_000;
const IN_FLIGHT: readonly CloudHsmStatus[] = ['PendingProvisioning', 'Deprovisioning'];
export const inFlight = (status: CloudHsmStatus) => IN_FLIGHT.includes(status);

export interface ServiceRef {
  accountId: string;
  serviceId: string;
}

const serviceParams = ({ accountId, serviceId }: ServiceRef) => ({ account_id: accountId, service_id: serviceId });
/** The URL holds the switch as a boolean; the wire takes it as text. */
const wireSearch = ({ include_deprovisioned: include, ...search }: CloudHsmsSearch) => ({
  ...search,
  include_deprovisioned: include === undefined ? undefined : include ? ('true' as const) : ('false' as const),
});

/** A page of the service's cloud HSMs; polled while one of them is being provisioned or deprovisioned. */
export const cloudHsmsQueryOptions = (service: ServiceRef, search: CloudHsmsSearch) =>
  listQueryOptions({
    queryKey: hsmKeys.list({ ...service, ...search }),
    queryFn: ({ signal }) => callApi(cloudHsmsApi.listCloudHsms, { params: serviceParams(service), query: wireSearch(search), signal }),
    refetchInterval: (query) => (query.state.data?.data.some((hsm) => inFlight(hsm.status)) ? IN_FLIGHT_REFRESH_MS : false),
    meta: { errorContext: 'Could not load the cloud HSMs' },
  });

/** One HSM with its connection details and latest health sample; polled fast while in flight, at the sampling pace while enabled. */
export const cloudHsmQueryOptions = (id: string) =>
  queryOptions({
    queryKey: hsmKeys.detail(id),
    queryFn: async ({ signal }) => (await callApi(cloudHsmsApi.getCloudHsm, { params: { hsm_id: id }, signal })).data,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === undefined ? false : inFlight(status) ? IN_FLIGHT_REFRESH_MS : status === 'Enabled' ? HEALTH_REFRESH_MS : false;
    },
    // The page shows a failure, a not-found above all, in place of the HSM: a toast would say it twice.
    meta: { errorContext: 'Could not load the cloud HSM', refusalsShownInline: true },
  });

/** Enabled blueprints and the locations each places its HSMs in: what the request form offers. */
export const cloudCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.lists(),
    queryFn: ({ signal }) => callApi(infrastructureApi.getCloudCatalogue, { signal }),
    staleTime: 60_000,
    meta: { errorContext: 'Could not load the cloud HSM catalogue' },
  });

/** The account's cloud HSMs and clusters at a glance; polled while provisioning is in flight. */
export const cloudOverviewQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: overviewKeys.detail(accountId),
    queryFn: async ({ signal }) =>
      (await callApi(cloudHsmsApi.getCloudOverview, { params: { account_id: accountId }, signal })).data,
    refetchInterval: (query) => (query.state.data?.in_flight.length ? IN_FLIGHT_REFRESH_MS : false),
    meta: { errorContext: 'Could not load your cloud HSMs' },
  });

/** The account's services (spec §9's full fetch of 99), for the landing's links. */
export const accountServicesQueryOptions = () => servicesListQueryOptions({ page_size: 99 });

/** The service a page belongs to, for its name. */
export { serviceQueryOptions } from '../../../lib/services';

/** Requests a cloud HSM; it starts Pending Provisioning and a background job takes it to Enabled. */
export function useRequestCloudHsm(service: ServiceRef) {
  const invalidate = useInvalidateCloud();
  return useMutation({
    mutationFn: async (request: CloudHsmRequest) =>
      (await callApi(cloudHsmsApi.requestCloudHsm, { params: serviceParams(service), body: request })).data,
    // Field errors (a name taken) land on the form; a refusal with words of its own (no seat, no room) above it.
    meta: { errorContext: 'Could not request the cloud HSM', inlineErrorStatuses: [400, 409] },
    onSuccess: invalidate,
  });
}

/** Deprovisions an HSM: the token is zeroized and its address, ports and license seat are freed. */
export function useDeprovisionCloudHsm() {
  const invalidate = useInvalidateCloud();
  return useMutation({
    mutationFn: async ({ hsm, confirmName }: { hsm: Pick<CloudHsmSummary, 'id'>; confirmName: string }) =>
      (await callApi(cloudHsmsApi.deprovisionCloudHsm, { params: { hsm_id: hsm.id }, body: { confirm_name: confirmName } })).data,
    meta: { errorContext: 'Could not deprovision the cloud HSM', inlineErrorStatuses: [400, 409] },
    onSuccess: invalidate,
  });
}
