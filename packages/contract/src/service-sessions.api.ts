import { z } from 'zod';
import { serviceIdParams, serviceLoginResponse } from './services.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** Service sessions (spec §7 POST/DELETE service/login/{id}): a user's short-lived access to one service's data. */
export const serviceSessionsApi = endpoints({ product: 'cryptohub', tag: 'Service sessions' }, {
  serviceLogin: {
    method: 'POST', path: ApiPath.serviceLogin, params: serviceIdParams, responses: { 200: serviceLoginResponse },
    summary: 'Open a service session', description: 'Opens a session for the service (its service user credentials); service data calls need one.',
  },
  getServiceSession: {
    method: 'GET', path: ApiPath.serviceLogin, params: serviceIdParams, responses: { 200: serviceLoginResponse },
    summary: 'Get the service session', description: 'Tells whether the caller has a live session for the service and when it expires.',
  },
  serviceLogout: {
    method: 'DELETE', path: ApiPath.serviceLogin, params: serviceIdParams, responses: { 200: z.object({}) },
    summary: 'Close the service session', description: 'Ends the caller\'s session for the service.',
  },
});
