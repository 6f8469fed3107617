import type { FastifyInstance } from 'fastify';
import * as blueprints from './blueprints.routes.ts';
import * as catalogue from './catalogue.routes.ts';
import * as dashboards from './dashboards.routes.ts';
import * as datacenters from './datacenters.routes.ts';
import * as globalServers from './global-servers.routes.ts';
import * as ipam from './ipam.routes.ts';
import * as productLicenses from './product-licenses.routes.ts';
import * as provisioners from './provisioners.routes.ts';
import * as resources from './resources.routes.ts';

/**
 * The platform's infrastructure: datacenters and servers, IPAM, provisioners and their groups, blueprints, product
 * licenses, resources and dashboards (platform administrators), and the catalogue customers request cloud HSMs from.
 */
export function register(app: FastifyInstance): void {
  for (const area of [datacenters, globalServers, ipam, provisioners, blueprints, productLicenses, resources, catalogue, dashboards]) {
    area.register(app);
  }
}
