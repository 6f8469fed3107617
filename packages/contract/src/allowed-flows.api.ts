import { allowedFlowsBody, allowedFlowsParams, allowedFlowsResponse } from './allowed-flows.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** An account's allowed sign-in methods (admin account child tab allowed-flows). */
export const allowedFlowsApi = endpoints({ product: 'identity', tag: 'Identity providers' }, {
  getAllowedFlows: {
    method: 'GET', path: ApiPath.allowedFlows, params: allowedFlowsParams, responses: { 200: allowedFlowsResponse },
    summary: 'Get allowed sign-in flows', description: 'Returns which sign-in methods (password, identity providers) the account\'s users may use.',
  },
  updateAllowedFlows: {
    method: 'PUT', path: ApiPath.allowedFlows, params: allowedFlowsParams, body: allowedFlowsBody, responses: { 200: allowedFlowsResponse },
    summary: 'Set allowed sign-in flows', description: 'Changes which sign-in methods the account\'s users may use.',
  },
});
