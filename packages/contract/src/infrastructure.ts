import { z } from 'zod';

/**
 * The platform's infrastructure configuration (spec §2 /configuration/*, platform administrators only), the
 * customer catalogue of what a cloud HSM can be requested from, and the platform dashboards' data: what the area's
 * files share. Each entity group has its own file (datacenters.ts with the global servers, ipam.ts, provisioners.ts,
 * blueprints.ts with the catalogue, product-licenses.ts, infrastructure-resources.ts, infrastructure-dashboards.ts),
 * address and CIDR parsing is ip-addresses.ts. Wire is snake_case; lists answer {data, total}, one item {data}.
 */

/** A required text field of the area: trimmed, not empty, at most `max` characters. */
export const requiredText = (label: string, max: number) =>
  z.string().trim().min(1, `Enter ${label}`).max(max, `At most ${max} characters`);
export const entityName = requiredText('a name', 100);
export const entityId = z.string().uuid();

/** Answer of every DELETE here: the id removed. */
export const infrastructureDeletedResponse = z.object({ data: z.object({ id: z.string() }) });

/** Every user-visible refusal of this area, once, so the server, the screens and the tests say the same words. */
export const InfrastructureMessages = {
  nameTaken: (kind: string, value: string) => `A ${kind} named ${value} already exists`,
  codeTaken: (code: string) => `A datacenter with code ${code} already exists`,
  hostnameTaken: (hostname: string) => `A server with hostname ${hostname} already exists`,
  unknown: (kind: string) => `No such ${kind}`,
  datacenterInUse: (name: string, servers: number, zones: number) =>
    `Datacenter ${name} still has ${servers} server(s) and ${zones} IPAM zone(s): move or remove them first`,
  zoneInUse: (name: string, pools: number, groups: number, hsms: number) =>
    `IPAM zone ${name} still has ${pools} pool(s), ${groups} provisioner group(s) and ${hsms} cloud HSM(s): remove them first`,
  cidrInvalid: 'Enter a CIDR such as 10.20.0.0/24 or fd00:10::/64',
  cidrHostBits: (given: string, network: string) => `${given} has host bits set: the network address is ${network}`,
  cidrPrefix: (family: 'IPv4' | 'IPv6', min: number, max: number) => `An ${family} pool is between /${min} and /${max}`,
  poolOverlap: (cidr: string, other: string, zone: string) => `${cidr} overlaps pool ${other} of IPAM zone ${zone}`,
  poolOverlapConcurrent: (cidr: string) => `${cidr} overlaps a pool added at the same time`,
  poolHasAllocations: (cidr: string, allocated: number) =>
    `Pool ${cidr} has ${allocated} allocated address(es): release them before removing the pool`,
  groupInUse: (name: string, provisioners: number, blueprints: number) =>
    `Provisioner group ${name} is used by ${provisioners} provisioner(s) and ${blueprints} blueprint(s): move them first`,
  provisionerHostsHsms: (name: string, hosted: number) =>
    `Provisioner ${name} hosts ${hosted} cloud HSM(s): drain it and deprovision them first`,
  blueprintInUse: (name: string, hsms: number) => `Blueprint ${name} is used by ${hsms} cloud HSM(s): disable it instead`,
  blueprintHasHistory: (name: string) => `Blueprint ${name} has deprovisioned cloud HSMs on record: disable it instead`,
  seatsInUse: (reference: string, model: string, used: number, needed: number) =>
    `License ${reference} needs at least ${needed} seat(s) while valid: ${used} cloud HSM(s) of model ${model} hold seats`,
  dashboardUnknown: 'No such dashboard',
} as const;
