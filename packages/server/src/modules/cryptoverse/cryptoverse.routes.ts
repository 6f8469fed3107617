import {
  externalCaCreateBody,
  externalCaDetailResponse,
  externalCaParams,
  externalCaResponse,
  externalCasPage,
  externalCasParams,
  externalCasQuery,
  externalCaUpdateBody,
} from '@keydeck/contract/external-cas';
import { ApiPath } from '@keydeck/contract/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceDataRoutes } from '../../platform/service-data-routes.ts';
import * as cryptoverse from './cryptoverse.service.ts';

/**
 * External CAs of a cryptoverse service (spec §7, responses under data): viewing needs the CertManage category,
 * uploading and archiving CertManage at the Modify level.
 */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { view, modify, scopeOf } = serviceDataRoutes('CertManage');

  routes.get(ApiPath.externalCas, {
    schema: { operationId: 'listExternalCas', params: externalCasParams, querystring: externalCasQuery, response: { 200: externalCasPage } },
    config: view,
    handler: (request) => cryptoverse.listExternalCas(request.tx, scopeOf(request), request.query),
  });

  routes.get(ApiPath.externalCa, {
    schema: { operationId: 'getExternalCa', params: externalCaParams, response: { 200: externalCaDetailResponse } },
    config: view,
    handler: async (request) => ({
      data: await cryptoverse.getExternalCa(request.tx, scopeOf(request), request.params.ca_id),
    }),
  });

  routes.post(ApiPath.externalCas, {
    schema: { operationId: 'createExternalCa', params: externalCasParams, body: externalCaCreateBody, response: { 201: externalCaResponse } },
    config: modify,
    audit: { action: 'cryptoverse.external_ca_create', target: ({ body }) => body.external_ca_name },
    handler: async (request, reply) => {
      const created = await cryptoverse.createExternalCa(request.tx, scopeOf(request), request.body);
      reply.status(201);
      return { data: created };
    },
  });

  routes.put(ApiPath.externalCa, {
    schema: { operationId: 'updateExternalCa', params: externalCaParams, body: externalCaUpdateBody, response: { 200: externalCaResponse } },
    config: modify,
    audit: {
      action: 'cryptoverse.external_ca_update',
      target: ({ params, result }) => (result ? `${result.data.name}: ${result.data.is_archived ? 'archived' : 'unarchived'}` : params.ca_id),
    },
    handler: async (request) => ({ data: await cryptoverse.updateExternalCa(request.tx, scopeOf(request), request.params.ca_id, request.body) }),
  });
}
