import { queryOptions } from '@tanstack/react-query';
import type { ServicesQuery } from '@keydeck/contract/services';
import { servicesApi } from '@keydeck/contract/services.api';
import { callApi } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The services, which many features read (home, billing, marketplaces, solutions, cloud HSMs and the services screens):
 * one read and one key prefix, so whatever changes a service (a request, a purchase, an approval) refreshes every
 * screen that shows one. Lint keeps other features from making keys under 'services' themselves.
 */
// eslint-disable-next-line no-restricted-syntax -- the one place the services' keys are made
export const serviceKeys = queryKeys('services');

/** GET service/services: a page of the account's services (`account_id`: another account's), with the catalogue (locations, requestable types, environments). */
export const servicesListQueryOptions = (query: Partial<ServicesQuery>, errorContext = 'Could not load the services') =>
  queryOptions({
    queryKey: serviceKeys.list(query),
    queryFn: ({ signal }) => callApi(servicesApi.listServices, { query, signal }),
    meta: { errorContext },
  });

/** Where a new service may run and in which environments: the catalogue part of the services list's answer. */
export const servicePlacementsQueryOptions = (query: Partial<ServicesQuery>) =>
  queryOptions({
    ...servicesListQueryOptions(query, 'Could not load the service locations'),
    select: ({ service_locations, environments }) => ({ service_locations, environments }),
  });

/** GET service/?id=: one service. */
export const serviceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: serviceKeys.detail(id),
    queryFn: async ({ signal }) => (await callApi(servicesApi.getService, { query: { id }, signal })).service,
    meta: { errorContext: 'Could not load the service' },
  });
