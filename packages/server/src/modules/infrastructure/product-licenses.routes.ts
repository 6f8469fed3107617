import { ApiPath } from '@keydeck/contract/http';
import { infrastructureDeletedResponse } from '@keydeck/contract/infrastructure';
import { productLicenseFields, productLicenseParams, productLicenseResponse, productLicensesPage } from '@keydeck/contract/product-licenses';
import { productLicensesQuery } from '@keydeck/contract/infrastructure-queries';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as licenses from './product-licenses.service.ts';

/** The platform's HSM product licenses and the seats cloud HSMs hold (spec §2 /configuration/cloud-product/licenses). */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;

  routes.get(ApiPath.productLicenses, {
    schema: { operationId: 'listProductLicenses', querystring: productLicensesQuery, response: { 200: productLicensesPage } },
    config: { permission },
    handler: (request) => licenses.list(request.tx, request.query),
  });

  routes.get(ApiPath.productLicense, {
    schema: { operationId: 'getProductLicense', params: productLicenseParams, response: { 200: productLicenseResponse } },
    config: { permission },
    handler: async (request) => ({ data: await licenses.get(request.tx, request.params.license_id) }),
  });

  routes.post(ApiPath.productLicenses, {
    schema: { operationId: 'createProductLicense', body: productLicenseFields, response: { 201: productLicenseResponse } },
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

  routes.put(ApiPath.productLicense, {
    schema: { operationId: 'updateProductLicense', params: productLicenseParams, body: productLicenseFields, response: { 200: productLicenseResponse } },
    config: { permission },
    audit: { action: 'infrastructure.license.update', target: ({ params, body }) => ({ id: params.license_id, name: body.reference }) },
    handler: async (request) => ({ data: await licenses.update(request.tx, request.params.license_id, request.body) }),
  });

  routes.delete(ApiPath.productLicense, {
    schema: { operationId: 'deleteProductLicense', params: productLicenseParams, response: { 200: infrastructureDeletedResponse } },
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
