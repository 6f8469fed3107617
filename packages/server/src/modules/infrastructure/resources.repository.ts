import type { ResourcesQuery } from '@keydeck/contract/infrastructure-queries';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { cloudHsmPorts, cloudHsms } from '../../db/schema/cloud-hsms.ts';
import { blueprints, ipamZones, productLicenses, provisioners } from '../../db/schema/infrastructure.ts';
import { services } from '../../db/schema/services.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';
import { seatHolders } from './license-seats.ts';

type ListQuery = ResourcesQuery;

const address = sql<string | null>`host(${cloudHsms.address})`;

/** One row per cloud HSM that is not Deprovisioned: whose it is, where it runs, what it holds. */
export async function list(tx: Tx, query: ListQuery, today: string) {
  const where = and(
    ne(cloudHsms.status, 'Deprovisioned'),
    query.account_id ? eq(cloudHsms.accountId, query.account_id) : undefined,
    matchesSearch(query.search, [accounts.name, cloudHsms.name, services.name, provisioners.name, address]),
  );
  const window = pageWindow(
    query,
    { account_name: accounts.name, cloud_hsm_name: cloudHsms.name, status: cloudHsms.status, created_at: cloudHsms.createdAt },
    cloudHsms.id,
  );
  const [rows, [count]] = await Promise.all([
    tx
      .select({
        id: cloudHsms.id,
        name: cloudHsms.name,
        status: cloudHsms.status,
        accountId: accounts.id,
        accountName: accounts.name,
        serviceId: services.id,
        serviceName: services.name,
        blueprintName: blueprints.name,
        model: blueprints.model,
        zoneName: ipamZones.name,
        provisionerId: provisioners.id,
        provisionerName: provisioners.name,
        address,
        licenseId: productLicenses.id,
        licenseReference: productLicenses.reference,
        createdAt: cloudHsms.createdAt,
      })
      .from(cloudHsms)
      .innerJoin(accounts, eq(accounts.id, cloudHsms.accountId))
      .innerJoin(services, eq(services.id, cloudHsms.serviceId))
      .innerJoin(blueprints, eq(blueprints.id, cloudHsms.blueprintId))
      .innerJoin(ipamZones, eq(ipamZones.id, cloudHsms.zoneId))
      .leftJoin(provisioners, eq(provisioners.id, cloudHsms.provisionerId))
      .leftJoin(sql`${seatHolders(today)} holders`, sql`holders.cloud_hsm_id = ${cloudHsms.id}`)
      .leftJoin(productLicenses, sql`${productLicenses.id} = holders.license_id`)
      .where(where)
      .orderBy(...window.orderBy)
      .limit(window.limit)
      .offset(window.offset),
    tx
      .select({ total: sql<number>`count(*)::int` })
      .from(cloudHsms)
      .innerJoin(accounts, eq(accounts.id, cloudHsms.accountId))
      .innerJoin(services, eq(services.id, cloudHsms.serviceId))
      .leftJoin(provisioners, eq(provisioners.id, cloudHsms.provisionerId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The ports the given cloud HSMs hold, lowest first. */
export function portsOf(tx: Tx, hsmIds: string[]) {
  if (hsmIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ cloudHsmId: cloudHsmPorts.cloudHsmId, port: cloudHsmPorts.port, purpose: cloudHsmPorts.purpose })
    .from(cloudHsmPorts)
    .where(inArray(cloudHsmPorts.cloudHsmId, hsmIds))
    .orderBy(asc(cloudHsmPorts.port));
}
