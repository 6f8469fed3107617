import {
  externalCaCreateBody,
  externalCaDetailResponse,
  externalCaParams,
  externalCaResponse,
  externalCasPage,
  externalCasParams,
  externalCasQuery,
  externalCaUpdateBody,
} from './external-cas.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** External CAs of a cryptoverse service (spec §7, responses under data). */
export const externalCasApi = endpoints({ product: 'crypto-cluster', tag: 'Cryptoverse' }, {
  listExternalCas: {
    method: 'GET', path: ApiPath.externalCas, params: externalCasParams, query: externalCasQuery, responses: { 200: externalCasPage },
    summary: 'List external CAs', description: 'Lists the external certificate authorities connected to the service.',
  },
  getExternalCa: {
    method: 'GET', path: ApiPath.externalCa, params: externalCaParams, responses: { 200: externalCaDetailResponse },
    summary: 'Get an external CA', description: 'Returns one external certificate authority\'s settings.',
  },
  createExternalCa: {
    method: 'POST', path: ApiPath.externalCas, params: externalCasParams, body: externalCaCreateBody, responses: { 201: externalCaResponse },
    summary: 'Connect an external CA', description: 'Connects an external certificate authority to the service.',
  },
  updateExternalCa: {
    method: 'PUT', path: ApiPath.externalCa, params: externalCaParams, body: externalCaUpdateBody, responses: { 200: externalCaResponse },
    summary: 'Update an external CA', description: 'Changes an external certificate authority\'s settings.',
  },
});
