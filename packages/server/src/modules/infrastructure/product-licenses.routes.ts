import { infrastructureApi } from '@keydeck/contract/infrastructure.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared } from '../../platform/endpoint-route.ts';
import * as licenses from './product-licenses.service.ts';

/** The platform's HSM product licenses and the seats cloud HSMs hold (spec §2 /configuration/cloud-product/licenses). */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;

  routes.route({
    ...declared(infrastructureApi.listProductLicenses),
    config: { permission },
    handler: (request) => licenses.list(request.tx, request.query),
  });

  routes.route({
    ...declared(infrastructureApi.getProductLicense),
    config: { permission },
    handler: async (request) => ({ data: await licenses.get(request.tx, request.params.license_id) }),
  });

  routes.route({
    ...declared(infrastructureApi.createProductLicense),
    config: { permission },
    audit: {
      action: 'infrastructure.license.create',
      target: ({ body, result }) => (result ? { id: result.data.id, name: result.data.reference } : body.reference),
    },
    handler: async (request, reply) => {
      const created = await licenses.create(request.tx, request.body);
      reply.status(201);
      return { data: created };
    },
  });

  routes.route({
    ...declared(infrastructureApi.updateProductLicense),
    config: { permission },
    audit: { action: 'infrastructure.license.update', target: ({ params, body }) => ({ id: params.license_id, name: body.reference }) },
    handler: async (request) => ({ data: await licenses.update(request.tx, request.params.license_id, request.body) }),
  });

  routes.route({
    ...declared(infrastructureApi.deleteProductLicense),
    config: { permission },
    audit: {
      action: 'infrastructure.license.delete',
      before: async ({ params, tx }) => ({ name: await licenses.referenceOf(tx, params.license_id) }),
      target: ({ params, before }) => ({ id: params.license_id, name: before.name }),
    },
    handler: async (request) => {
      await licenses.remove(request.tx, request.params.license_id);
      return { data: { id: request.params.license_id } };
    },
  });
}
