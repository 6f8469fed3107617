import { infrastructureApi as api } from '@keydeck/contract/infrastructure.api';
import type { FastifyInstance } from 'fastify';
import { entityRoutes } from './infrastructure-crud.ts';
import * as licenses from './product-licenses.service.ts';

/** The platform's HSM product licenses and the seats cloud HSMs hold (spec §2 /configuration/cloud-product/licenses). */
export function register(app: FastifyInstance): void {
  entityRoutes(app, {
    endpoints: {
      list: api.listProductLicenses,
      get: api.getProductLicense,
      create: api.createProductLicense,
      update: api.updateProductLicense,
      remove: api.deleteProductLicense,
    },
    param: 'license_id',
    actions: { create: 'infrastructure.license.create', update: 'infrastructure.license.update', delete: 'infrastructure.license.delete' },
    label: 'reference',
    storedLabel: licenses.referenceOf,
    service: licenses,
  });
}
