import { randomUUID } from 'node:crypto';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/database.ts';
import { queryRows } from '../../../test/fixtures.ts';
import type { Visitor } from '../../../test/test-app.ts';

/**
 * Helpers of the infrastructure API tests. What the platform builds through this API is made through it; what the
 * cloud-hsms module makes (provisioners registering, cloud HSMs, their addresses, ports and runs) is written
 * straight to the database, as that module would.
 */

/** A JSON call that must answer `status`; its body. */
export async function expectCall(visitor: Visitor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, status: number, payload?: object) {
  const res: LightMyRequestResponse = await visitor.call({ method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json();
}

/** A datacenter, a zone with one pool, a provisioner group in it and a blueprint placed by that group. */
export async function seedTopology(admin: Visitor, slug: string, options: { cidr?: string; model?: string } = {}) {
  const datacenter = (await expectCall(admin, 'POST', ApiPath.datacenters, 201, { name: `DC ${slug}`, code: slug, location: `City ${slug}` })).data;
  const zone = (await expectCall(admin, 'POST', ApiPath.ipamZones, 201, { name: `Zone ${slug}`, datacenter_id: datacenter.id })).data;
  const pool = (
    await expectCall(admin, 'POST', apiPath(ApiPath.ipamPools, { zone_id: zone.id }), 201, { cidr: options.cidr ?? '10.99.0.0/24' })
  ).data;
  const group = (await expectCall(admin, 'POST', ApiPath.provisionerGroups, 201, { name: `Group ${slug}`, zone_id: zone.id })).data;
  const blueprint = (
    await expectCall(admin, 'POST', ApiPath.blueprints, 201, {
      name: `Blueprint ${slug}`,
      model: options.model ?? 'softhsm2',
      partitions: 1,
      ports: 2,
      provisioner_group_id: group.id,
    })
  ).data;
  return { datacenter, zone, pool, group, blueprint } as { [K in 'datacenter' | 'zone' | 'pool' | 'group' | 'blueprint']: { id: string; name: string } };
}

/** A provisioner as one registers itself; heartbeatSecondsAgo past 60 makes it Down. */
export async function insertProvisioner(db: Db, options: { name: string; groupId?: string | null; capacity?: number; heartbeatSecondsAgo?: number }) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into provisioners (name, group_id, kind, host, capacity, version, last_heartbeat_at)
      values (${options.name}, ${options.groupId ?? null}, 'softhsm2', 'test-host', ${options.capacity ?? 10}, '1.0.0',
        now() - make_interval(secs => ${options.heartbeatSecondsAgo ?? 0}))
      returning id`,
  );
  return row!.id;
}

type HsmOptions = {
  accountId: string;
  serviceId: string;
  blueprintId: string;
  zoneId: string;
  name: string;
  status?: string;
  provisionerId?: string | null;
  /** An address of the pool, allocated to the HSM in ipam_allocations. */
  address?: { poolId: string; address: string };
  ports?: { port: number; purpose: string }[];
  createdDaysAgo?: number;
};

/** A cloud HSM as the cloud-hsms module keeps it, with its address allocation and ports. */
export async function insertCloudHsm(db: Db, options: HsmOptions): Promise<string> {
  const id = randomUUID();
  await queryRows(
    db,
    sql`insert into cloud_hsms (id, account_id, service_id, name, blueprint_id, zone_id, status, provisioner_id, address, token_label, created_at)
      values (${id}, ${options.accountId}, ${options.serviceId}, ${options.name}, ${options.blueprintId}, ${options.zoneId},
        ${options.status ?? 'Enabled'}, ${options.provisionerId ?? null}, ${options.address?.address ?? null}::inet, ${options.name},
        now() - make_interval(days => ${options.createdDaysAgo ?? 0}))`,
  );
  if (options.address) {
    await queryRows(
      db,
      sql`insert into ipam_allocations (address, pool_id, account_id, cloud_hsm_id)
        values (${options.address.address}::inet, ${options.address.poolId}, ${options.accountId}, ${id})`,
    );
  }
  for (const { port, purpose } of options.ports ?? []) {
    await queryRows(db, sql`insert into cloud_hsm_ports (port, account_id, cloud_hsm_id, purpose) values (${port}, ${options.accountId}, ${id}, ${purpose})`);
  }
  return id;
}

/** Audit events of an action, oldest first. */
export function auditEvents(db: Db, action: string) {
  return queryRows<{ outcome: string; target: string | null; target_name: string | null; reason: string | null }>(
    db,
    sql`select outcome, target, target_name, reason from audit_events where action = ${action} order by id`,
  );
}
