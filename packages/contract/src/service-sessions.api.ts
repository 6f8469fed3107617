import { z } from 'zod';
import { serviceIdParams, serviceLoginResponse, serviceSession } from './services.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** GET service/login/{id}: the live session, or null (no session is an answer, not an error the browser logs). */
const currentServiceSessionResponse = z.object({ service_session: serviceSession.nullable() });

/** Service sessions (spec §7 POST/DELETE service/login/{id}): a user's short-lived access to one service's data. */
export const serviceSessionsApi = endpoints({ product: 'cryptohub', tag: 'Service sessions' }, {
  serviceLogin: {
    method: 'POST', path: ApiPath.serviceLogin, params: serviceIdParams, responses: { 200: serviceLoginResponse },
    summary: 'Open a service session', description:
      'Opens a session for the service (its service user credentials); service data calls need one. An API credential or OAuth client opens its own, as its user would, held by the credential or the grant across its tokens; not on a service that uses JWT service tokens (409).',
  },
  getServiceSession: {
    method: 'GET', path: ApiPath.serviceLogin, params: serviceIdParams, responses: { 200: currentServiceSessionResponse },
    summary: 'Get the service session', description: 'Tells whether the caller has a live session for the service and when it expires; null when there is none.',
  },
  serviceLogout: {
    method: 'DELETE', path: ApiPath.serviceLogin, params: serviceIdParams, responses: { 200: z.object({}) },
    summary: 'Close the service session', description: 'Ends the caller\'s session for the service.',
  },
});
