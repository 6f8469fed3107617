import { egressPolicy, egressPolicyUpdate } from './egress.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** The egress policy: platform administrators open ranges the defaults close for tenant-configured connections. */
export const egressApi = endpoints({ product: 'identity', tag: 'Platform' }, {
  getEgressPolicy: {
    method: 'GET', path: ApiPath.egressPolicy, responses: { 200: egressPolicy },
    summary: 'Get the egress policy', description: 'Returns which hosts and ports tenant-configured connections (syslog, transfer servers) may reach.',
  },
  setEgressPolicy: {
    method: 'PUT', path: ApiPath.egressPolicy, body: egressPolicyUpdate, responses: { 200: egressPolicy },
    summary: 'Set the egress policy', description: 'Replaces the egress policy for tenant-configured outbound connections.',
  },
});
