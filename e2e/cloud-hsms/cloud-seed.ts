import { randomInt } from 'node:crypto';
import { hostname } from 'node:os';
import type { Page } from 'playwright-core';
import { api } from '@keydeck/contract/api';
import type { ServiceType } from '@keydeck/contract/services';
import { apiCall } from '../harness/api';
import { DEMO_COMPANY } from '../harness/sign-in';

type Named = { id: string; name: string };

export interface CloudWorld {
  accountId: string;
  blueprint: Named;
  zone: Named;
  cloudHsmsServiceId: string;
  clusterServiceId: string;
}

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * What a platform administrator sets up before a customer can request cloud HSMs, through the API on the page's
 * (administrator's) session: a datacenter, an IPAM zone with a pool, a provisioner group holding the server's built-in
 * provisioner (it registers itself as builtin-<hostname> at start), a blueprint placed by that group, a license for
 * its model, a port range assigned to the demo account, and a Cloud HSMs and a Cluster Management service for it (the
 * customer waits until they are enabled). `run` keeps names, the pool and the ports apart from other runs on the same database.
 */
export async function seedCloudWorld(page: Page, run: string): Promise<CloudWorld> {
  const slug = run.toLowerCase();
  const accounts = await apiCall(page, api.accounts.listAccounts, { query: { search: DEMO_COMPANY } });
  const accountId = accounts.data.find((account) => account.name === DEMO_COMPANY)!.id;

  const datacenter = (await apiCall(page, api.infrastructure.createDatacenter, { body: { name: `Frankfurt ${run}`, code: `fra-${slug}`, location: 'Frankfurt' } })).data;
  const zone = (await apiCall(page, api.infrastructure.createIpamZone, { body: { name: `fra-${slug}`, datacenter_id: datacenter.id } })).data;
  await apiCall(page, api.infrastructure.addIpamPool, { params: { zone_id: zone.id }, body: { cidr: `10.${randomInt(100, 250)}.${randomInt(0, 250)}.0/28` } });
  const group = (await apiCall(page, api.infrastructure.createProvisionerGroup, { body: { name: `Group ${run}`, zone_id: zone.id } })).data;

  const builtin = `builtin-${hostname()}`;
  const provisioners = await apiCall(page, api.infrastructure.listProvisioners, { query: { search: builtin } });
  const provisioner = provisioners.data.find((candidate) => candidate.name === builtin);
  if (!provisioner) throw new Error(`The server's built-in provisioner ${builtin} has not registered`);
  await apiCall(page, api.infrastructure.updateProvisioner, { params: { provisioner_id: provisioner.id }, body: { group_id: group.id, draining: false } });

  const model = `SoftHSM2 ${run}`;
  const blueprint = (
    await apiCall(page, api.infrastructure.createBlueprint, { body: { name: `Standard ${run}`, model, partitions: 1, ports: 2, provisioner_group_id: group.id } })
  ).data;
  await apiCall(page, api.infrastructure.createProductLicense, {
    body: { model, reference: `LIC-${run}`, seats: 10, valid_from: isoDay(-1), valid_until: isoDay(365) },
  });
  const start = randomInt(20_000, 60_000);
  await apiCall(page, api.portRanges.createPortRanges, {
    body: { port_ranges: [{ start_port: start, end_port: start + 19, description: `Cloud HSMs ${run}`, account_id: accountId }] },
  });

  const catalogue = await apiCall(page, api.services.listServices, { query: { page_size: 99, account_id: accountId } });
  const order = (type: ServiceType, name: string) => ({ type, name, location: catalogue.service_locations[0]!.id, environment: catalogue.environments[0]!, account_id: accountId });
  const { services } = await apiCall(page, api.adminServices.adminCreateServices, {
    body: { services: [order('cloud_hsms', `Cloud HSMs ${run}`), order('cluster_management', `Clusters ${run}`)] },
  });
  return { accountId, blueprint, zone, cloudHsmsServiceId: services[0]!.id, clusterServiceId: services[1]!.id };
}
