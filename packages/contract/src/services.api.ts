import {
  adminServicesCreateBody,
  adminServicesDeleteBody,
  adminServicesPage,
  adminServicesQuery,
  adminServicesUpdateBody,
  currentServiceBody,
  currentServiceResponse,
  serviceCancelBody,
  serviceQuery,
  serviceRequestBody,
  serviceResponse,
  servicesPage,
  servicesQuery,
  servicesResponse,
} from './services.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** The account's services (spec §7 service/services, service/): the list and catalogue, requests, the current service. */
export const servicesApi = endpoints({ product: 'cryptohub', tag: 'Services' }, {
  listServices: {
    method: 'GET', path: ApiPath.services, query: servicesQuery, responses: { 200: servicesPage },
    summary: 'List my services', description: 'Pages through the services of the caller\'s account, with their state and type.',
  },
  requestService: {
    method: 'POST', path: ApiPath.services, body: serviceRequestBody, responses: { 201: serviceResponse },
    summary: 'Request a service', description: 'Requests a new service; a platform administrator approves it.',
  },
  cancelServiceRequests: {
    method: 'DELETE', path: ApiPath.services, body: serviceCancelBody, responses: { 200: servicesResponse },
    summary: 'Cancel service requests', description: 'Cancels service requests that are still pending.',
  },
  selectCurrentService: {
    method: 'PUT', path: ApiPath.services, body: currentServiceBody, responses: { 200: currentServiceResponse },
    summary: 'Select the current service', description: 'Makes one of the account\'s services the caller\'s current one (or none); changes no data. An API credential or OAuth client has its own current service.',
  },
  getService: {
    method: 'GET', path: ApiPath.service, query: serviceQuery, responses: { 200: serviceResponse },
    summary: 'Get a service', description: 'Returns one of the account\'s services by id, with its state and type.',
  },
});

/** Every account's services for platform administrators (spec §7 admin/services): the services' life cycle. */
export const adminServicesApi = endpoints({ product: 'cryptohub', tag: 'Service requests' }, {
  adminListServices: {
    method: 'GET', path: ApiPath.adminServices, query: adminServicesQuery, responses: { 200: adminServicesPage },
    summary: 'List all services and requests', description: 'Pages through every account\'s services and pending service requests, for platform administrators.',
  },
  adminCreateServices: {
    method: 'POST', path: ApiPath.adminServices, body: adminServicesCreateBody, responses: { 201: servicesResponse },
    summary: 'Create services', description: 'Creates services for accounts directly.',
  },
  adminUpdateServices: {
    method: 'PUT', path: ApiPath.adminServices, body: adminServicesUpdateBody, responses: { 200: servicesResponse },
    summary: 'Approve or change services', description: 'Approves or rejects service requests, or changes services.',
  },
  adminDeleteServices: {
    method: 'DELETE', path: ApiPath.adminServices, body: adminServicesDeleteBody, responses: { 200: servicesResponse },
    summary: 'Delete services', description: 'Deletes services.',
  },
});
