import type { Resource } from '@keydeck/contract/infrastructure-resources';
import type { Tx } from '../../db/database.ts';
import { todayUtc } from './license-seats.ts';
import * as repo from './resources.repository.ts';

/** What is allocated to whom: each live cloud HSM with its account, provisioner, address, ports and license seat. */
export async function list(tx: Tx, query: Parameters<typeof repo.list>[1]): Promise<{ data: Resource[]; total: number }> {
  const { rows, total } = await repo.list(tx, query, todayUtc());
  const ports = await repo.portsOf(tx, rows.map((row) => row.id));
  const data = rows.map((row) => ({
    cloud_hsm_id: row.id,
    cloud_hsm_name: row.name,
    status: row.status,
    account_id: row.accountId,
    account_name: row.accountName,
    service_id: row.serviceId,
    service_name: row.serviceName,
    blueprint_name: row.blueprintName,
    model: row.model,
    zone_name: row.zoneName,
    provisioner_id: row.provisionerId,
    provisioner_name: row.provisionerName,
    address: row.address,
    ports: ports.filter((p) => p.cloudHsmId === row.id).map(({ port, purpose }) => ({ port, purpose })),
    license_id: row.licenseId,
    license_reference: row.licenseReference,
    created_at: row.createdAt.toISOString(),
  }));
  return { data, total };
}
