import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import { portRangesCreateBody, portRangesDeleteBody, portRangesPage, portRangesResponse, portRangesUpdateBody } from './port-ranges.ts';
import { portRangesQuery } from './port-ranges-queries.ts';

/** The platform's port ranges and their assignment to accounts (platform administrators). */
export const portRangesApi = endpoints({ product: 'cloud-product', tag: 'Port ranges' }, {
  listPortRanges: {
    method: 'GET', path: ApiPath.adminPortRanges, query: portRangesQuery, responses: { 200: portRangesPage },
    summary: 'List port ranges', description: 'Lists the port ranges assigned to accounts for their services.',
  },
  createPortRanges: {
    method: 'POST', path: ApiPath.adminPortRanges, body: portRangesCreateBody, responses: { 201: portRangesResponse },
    summary: 'Assign port ranges', description: 'Adds port ranges and assigns them to accounts.',
  },
  updatePortRanges: {
    method: 'PUT', path: ApiPath.adminPortRanges, body: portRangesUpdateBody, responses: { 200: portRangesResponse },
    summary: 'Update port ranges', description: 'Changes port ranges\' bounds or account.',
  },
  deletePortRanges: {
    method: 'DELETE', path: ApiPath.adminPortRanges, body: portRangesDeleteBody, responses: { 200: portRangesDeleteBody },
    summary: 'Release port ranges', description: 'Removes port ranges.',
  },
});
