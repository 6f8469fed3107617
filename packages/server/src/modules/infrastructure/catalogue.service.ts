import type { CatalogueBlueprint } from '@keydeck/contract/blueprints';
import type { Tx } from '../../db/database.ts';
import { policiesOf } from './blueprints.service.ts';
import * as repo from './catalogue.repository.ts';

/** What any signed-in customer may request a cloud HSM from: enabled blueprints and where each can be placed. */
export async function list(tx: Tx): Promise<{ data: CatalogueBlueprint[]; total: number }> {
  const rows = await repo.listEnabled(tx);
  const data = rows.map((row) => ({
    id: row.id,
    name: row.name,
    model: row.model,
    partitions: row.partitions,
    ports: row.ports,
    policies: policiesOf(row.policies),
    zones: [{ id: row.zoneId, name: row.zoneName, datacenter_name: row.datacenterName, location: row.location }],
  }));
  return { data, total: data.length };
}
