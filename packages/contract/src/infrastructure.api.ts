import { blueprintFields, blueprintParams, blueprintResponse, blueprintsPage, cloudCatalogueResponse } from './blueprints.ts';
import { datacenterFields, datacenterParams, datacenterResponse, datacentersPage, globalServerFields, globalServerParams, globalServerResponse, globalServersPage } from './datacenters.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import { infrastructureDeletedResponse } from './infrastructure.ts';
import { customerDashboardResponse, dashboardParams, provisioningDashboardResponse } from './infrastructure-dashboards.ts';
import {
  blueprintsQuery,
  datacentersQuery,
  globalServersQuery,
  ipamAllocationsQuery,
  ipamZonesQuery,
  productLicensesQuery,
  provisionerGroupsQuery,
  provisionersQuery,
  resourcesQuery,
} from './infrastructure-queries.ts';
import { resourcesPage } from './infrastructure-resources.ts';
import { ipamAllocationsPage, ipamPoolFields, ipamPoolParams, ipamPoolResponse, ipamZoneFields, ipamZoneParams, ipamZoneResponse, ipamZonesPage } from './ipam.ts';
import { productLicenseFields, productLicenseParams, productLicenseResponse, productLicensesPage } from './product-licenses.ts';
import {
  provisionerGroupFields,
  provisionerGroupParams,
  provisionerGroupResponse,
  provisionerGroupsPage,
  provisionerParams,
  provisionerResponse,
  provisionersPage,
  provisionerUpdate,
} from './provisioners.ts';

const deleted = { 200: infrastructureDeletedResponse };

/**
 * The platform's infrastructure (spec §2 /configuration/*, /admin-dashboards/*): datacenters and their servers, IPAM
 * zones and pools, provisioner groups and provisioners, blueprints, HSM licenses, resources and the dashboards; and
 * the catalogue customers request cloud HSMs from.
 */
export const infrastructureApi = endpoints({ product: 'cloud-product', tag: 'Infrastructure configuration' }, {
  // Datacenters and their servers
  listDatacenters: {
    method: 'GET', path: ApiPath.datacenters, query: datacentersQuery, responses: { 200: datacentersPage },
    summary: 'List datacenters', description: 'Lists the datacenters cloud HSMs can be placed in.',
  },
  getDatacenter: {
    method: 'GET', path: ApiPath.datacenter, params: datacenterParams, responses: { 200: datacenterResponse },
    summary: 'Get a datacenter', description: 'Returns one datacenter.',
  },
  createDatacenter: {
    method: 'POST', path: ApiPath.datacenters, body: datacenterFields, responses: { 201: datacenterResponse },
    summary: 'Add a datacenter', description: 'Adds a datacenter.',
  },
  updateDatacenter: {
    method: 'PUT', path: ApiPath.datacenter, params: datacenterParams, body: datacenterFields, responses: { 200: datacenterResponse },
    summary: 'Update a datacenter', description: 'Changes a datacenter\'s name, region or state.',
  },
  deleteDatacenter: {
    method: 'DELETE', path: ApiPath.datacenter, params: datacenterParams, responses: deleted,
    summary: 'Remove a datacenter', description: 'Removes a datacenter.',
  },
  listGlobalServers: {
    method: 'GET', path: ApiPath.globalServers, query: globalServersQuery, responses: { 200: globalServersPage },
    summary: 'List global servers', description: 'Lists the platform-wide servers configured for cloud HSMs.',
  },
  getGlobalServer: {
    method: 'GET', path: ApiPath.globalServer, params: globalServerParams, responses: { 200: globalServerResponse },
    summary: 'Get a global server', description: 'Returns one global server.',
  },
  createGlobalServer: {
    method: 'POST', path: ApiPath.globalServers, body: globalServerFields, responses: { 201: globalServerResponse },
    summary: 'Add a global server', description: 'Adds a platform-wide server.',
  },
  updateGlobalServer: {
    method: 'PUT', path: ApiPath.globalServer, params: globalServerParams, body: globalServerFields, responses: { 200: globalServerResponse },
    summary: 'Update a global server', description: 'Changes a global server.',
  },
  deleteGlobalServer: {
    method: 'DELETE', path: ApiPath.globalServer, params: globalServerParams, responses: deleted,
    summary: 'Remove a global server', description: 'Removes a global server.',
  },

  // IPAM zones, their pools and the addresses handed out
  listIpamZones: {
    method: 'GET', path: ApiPath.ipamZones, query: ipamZonesQuery, responses: { 200: ipamZonesPage },
    summary: 'List IPAM zones', description: 'Lists the IP address management zones and their pools.',
  },
  getIpamZone: {
    method: 'GET', path: ApiPath.ipamZone, params: ipamZoneParams, responses: { 200: ipamZoneResponse },
    summary: 'Get an IPAM zone', description: 'Returns one IPAM zone with its pools.',
  },
  createIpamZone: {
    method: 'POST', path: ApiPath.ipamZones, body: ipamZoneFields, responses: { 201: ipamZoneResponse },
    summary: 'Create an IPAM zone', description: 'Creates an IP address management zone.',
  },
  updateIpamZone: {
    method: 'PUT', path: ApiPath.ipamZone, params: ipamZoneParams, body: ipamZoneFields, responses: { 200: ipamZoneResponse },
    summary: 'Update an IPAM zone', description: 'Changes an IPAM zone.',
  },
  deleteIpamZone: {
    method: 'DELETE', path: ApiPath.ipamZone, params: ipamZoneParams, responses: deleted,
    summary: 'Delete an IPAM zone', description: 'Deletes an IPAM zone.',
  },
  addIpamPool: {
    method: 'POST', path: ApiPath.ipamPools, params: ipamZoneParams, body: ipamPoolFields, responses: { 201: ipamPoolResponse },
    summary: 'Add an IPAM pool', description: 'Adds an address pool (CIDR) to a zone.',
  },
  removeIpamPool: {
    method: 'DELETE', path: ApiPath.ipamPool, params: ipamPoolParams, responses: deleted,
    summary: 'Remove an IPAM pool', description: 'Removes an address pool from a zone.',
  },
  listIpamAllocations: {
    method: 'GET', path: ApiPath.ipamAllocations, params: ipamZoneParams, query: ipamAllocationsQuery, responses: { 200: ipamAllocationsPage },
    summary: 'List IPAM allocations', description: 'Lists the addresses allocated from a zone\'s pools.',
  },

  // Provisioner groups and the provisioners (which register themselves: no POST)
  listProvisionerGroups: {
    method: 'GET', path: ApiPath.provisionerGroups, query: provisionerGroupsQuery, responses: { 200: provisionerGroupsPage },
    summary: 'List provisioner groups', description: 'Lists the groups provisioners are placed in.',
  },
  getProvisionerGroup: {
    method: 'GET', path: ApiPath.provisionerGroup, params: provisionerGroupParams, responses: { 200: provisionerGroupResponse },
    summary: 'Get a provisioner group', description: 'Returns one provisioner group.',
  },
  createProvisionerGroup: {
    method: 'POST', path: ApiPath.provisionerGroups, body: provisionerGroupFields, responses: { 201: provisionerGroupResponse },
    summary: 'Create a provisioner group', description: 'Creates a provisioner group in a datacenter.',
  },
  updateProvisionerGroup: {
    method: 'PUT', path: ApiPath.provisionerGroup, params: provisionerGroupParams, body: provisionerGroupFields, responses: { 200: provisionerGroupResponse },
    summary: 'Update a provisioner group', description: 'Changes a provisioner group.',
  },
  deleteProvisionerGroup: {
    method: 'DELETE', path: ApiPath.provisionerGroup, params: provisionerGroupParams, responses: deleted,
    summary: 'Delete a provisioner group', description: 'Deletes a provisioner group.',
  },
  listProvisioners: {
    method: 'GET', path: ApiPath.provisioners, query: provisionersQuery, responses: { 200: provisionersPage },
    summary: 'List provisioners', description: 'Lists the cloud HSM provisioners that have registered with the platform.',
  },
  getProvisioner: {
    method: 'GET', path: ApiPath.provisioner, params: provisionerParams, responses: { 200: provisionerResponse },
    summary: 'Get a provisioner', description: 'Returns one provisioner with its capacity and state.',
  },
  updateProvisioner: {
    method: 'PUT', path: ApiPath.provisioner, params: provisionerParams, body: provisionerUpdate, responses: { 200: provisionerResponse },
    summary: 'Update a provisioner', description: 'Changes a provisioner\'s group or state.',
  },
  deleteProvisioner: {
    method: 'DELETE', path: ApiPath.provisioner, params: provisionerParams, responses: deleted,
    summary: 'Remove a provisioner', description: 'Removes a provisioner.',
  },

  // Blueprints, HSM licenses and what is allocated to whom
  listBlueprints: {
    method: 'GET', path: ApiPath.blueprints, query: blueprintsQuery, responses: { 200: blueprintsPage },
    summary: 'List blueprints', description: 'Lists the HSM blueprints used to provision cloud HSMs.',
  },
  getBlueprint: {
    method: 'GET', path: ApiPath.blueprint, params: blueprintParams, responses: { 200: blueprintResponse },
    summary: 'Get a blueprint', description: 'Returns one HSM blueprint.',
  },
  createBlueprint: {
    method: 'POST', path: ApiPath.blueprints, body: blueprintFields, responses: { 201: blueprintResponse },
    summary: 'Create a blueprint', description: 'Creates an HSM blueprint.',
  },
  updateBlueprint: {
    method: 'PUT', path: ApiPath.blueprint, params: blueprintParams, body: blueprintFields, responses: { 200: blueprintResponse },
    summary: 'Update a blueprint', description: 'Changes an HSM blueprint.',
  },
  deleteBlueprint: {
    method: 'DELETE', path: ApiPath.blueprint, params: blueprintParams, responses: deleted,
    summary: 'Delete a blueprint', description: 'Deletes an HSM blueprint.',
  },
  listProductLicenses: {
    method: 'GET', path: ApiPath.productLicenses, query: productLicensesQuery, responses: { 200: productLicensesPage },
    summary: 'List HSM licenses', description: 'Lists the platform\'s HSM product licenses and their use.',
  },
  getProductLicense: {
    method: 'GET', path: ApiPath.productLicense, params: productLicenseParams, responses: { 200: productLicenseResponse },
    summary: 'Get an HSM license', description: 'Returns one HSM product license.',
  },
  createProductLicense: {
    method: 'POST', path: ApiPath.productLicenses, body: productLicenseFields, responses: { 201: productLicenseResponse },
    summary: 'Add an HSM license', description: 'Adds an HSM product license.',
  },
  updateProductLicense: {
    method: 'PUT', path: ApiPath.productLicense, params: productLicenseParams, body: productLicenseFields, responses: { 200: productLicenseResponse },
    summary: 'Update an HSM license', description: 'Changes an HSM product license.',
  },
  deleteProductLicense: {
    method: 'DELETE', path: ApiPath.productLicense, params: productLicenseParams, responses: deleted,
    summary: 'Remove an HSM license', description: 'Removes an HSM product license.',
  },
  listResources: {
    method: 'GET', path: ApiPath.resources, query: resourcesQuery, responses: { 200: resourcesPage },
    summary: 'List resources', description: 'Lists what the platform\'s infrastructure has allocated to whom.',
  },

  // The dashboards, and the catalogue customers request from
  getCustomerInfrastructureDashboard: {
    method: 'GET', path: ApiPath.customerInfrastructureDashboard, params: dashboardParams, responses: { 200: customerDashboardResponse }, tag: 'Dashboards',
    summary: 'Customer infrastructure dashboard', description: 'Summarises customers\' cloud infrastructure for one product, for platform administrators.',
  },
  getProvisioningInfrastructureDashboard: {
    method: 'GET', path: ApiPath.provisioningInfrastructureDashboard, responses: { 200: provisioningDashboardResponse }, tag: 'Dashboards',
    summary: 'Provisioning infrastructure dashboard', description: 'Summarises datacenters, provisioners and capacity, for platform administrators.',
  },
  getCloudCatalogue: {
    method: 'GET', path: ApiPath.cloudCatalogue, responses: { 200: cloudCatalogueResponse }, tag: 'Catalogue',
    summary: 'Cloud product catalogue', description: 'Lists the cloud HSM products and locations customers can request from.',
  },
});
