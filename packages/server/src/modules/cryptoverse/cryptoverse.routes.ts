import { externalCasApi } from '@keydeck/contract/external-cas.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared } from '../../platform/endpoint-route.ts';
import { serviceDataRoutes } from '../../platform/service-data-routes.ts';
import * as cryptoverse from './cryptoverse.service.ts';

/**
 * External CAs of a cryptoverse service (spec §7, responses under data): viewing needs the CertManage category,
 * uploading and archiving CertManage at the Modify level.
 */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { view, modify, scopeOf } = serviceDataRoutes('CertManage');

  routes.route({
    ...declared(externalCasApi.listExternalCas),
    config: view,
    handler: (request) => cryptoverse.listExternalCas(request.tx, scopeOf(request), request.query),
  });

  routes.route({
    ...declared(externalCasApi.getExternalCa),
    config: view,
    handler: async (request) => ({
      data: await cryptoverse.getExternalCa(request.tx, scopeOf(request), request.params.ca_id),
    }),
  });

  routes.route({
    ...declared(externalCasApi.createExternalCa),
    config: modify,
    audit: { action: 'cryptoverse.external_ca_create', target: ({ body }) => body.external_ca_name },
    handler: async (request, reply) => {
      const created = await cryptoverse.createExternalCa(request.tx, scopeOf(request), request.body);
      reply.status(201);
      return { data: created };
    },
  });

  routes.route({
    ...declared(externalCasApi.updateExternalCa),
    config: modify,
    audit: {
      action: 'cryptoverse.external_ca_update',
      target: ({ params, result }) => ({ id: params.ca_id, name: result && `${result.data.name}: ${result.data.is_archived ? 'archived' : 'unarchived'}` }),
    },
    handler: async (request) => ({ data: await cryptoverse.updateExternalCa(request.tx, scopeOf(request), request.params.ca_id, request.body) }),
  });
}
