import { serverInfo } from './admin.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** Spec §7: GET admin/info, shown on the server status page. */
export const adminApi = endpoints({ product: 'identity', tag: 'Platform' }, {
  getServerInfo: {
    method: 'GET', path: ApiPath.serverInfo, responses: { 200: serverInfo },
    summary: 'Server information', description: 'Returns the versions of the Keydeck server and of the web console it serves.',
  },
});
