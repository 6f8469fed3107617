import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf, textArray } from '../../db/raw-sql.ts';

export type ModelRow = { id: string; name: string; device_count: number };

const WITH_COUNTS = sql`select m.id, m.name,
  (select count(*)::int from devices d where d.service_id = m.service_id and d.model_id = m.id) as device_count
  from device_models m`;

/** A service's device models by name, each with how many devices carry it. */
export function list(tx: Tx, serviceId: string): Promise<ModelRow[]> {
  return rowsOf<ModelRow>(
    tx,
    sql`${WITH_COUNTS} where m.service_id = ${serviceId} order by lower(m.name), m.name`,
  );
}

export async function findByName(tx: Tx, serviceId: string, name: string): Promise<ModelRow | undefined> {
  const [row] = await rowsOf<ModelRow>(
    tx,
    sql`${WITH_COUNTS} where m.service_id = ${serviceId} and lower(m.name) = lower(${name})`,
  );
  return row;
}

/** The service's models with these names (ignoring case), by lower-cased name; no device counts. */
export async function findByNames(tx: Tx, serviceId: string, names: string[]): Promise<Map<string, { id: string; name: string }>> {
  const found = await rowsOf<{ id: string; name: string }>(
    tx,
    sql`select id, name from device_models where service_id = ${serviceId}
      and lower(name) = any(${textArray(names.map((n) => n.toLowerCase()))})`,
  );
  return new Map(found.map((m) => [m.name.toLowerCase(), m]));
}

export async function insert(tx: Tx, accountId: string, serviceId: string, name: string): Promise<void> {
  await tx.execute(sql`insert into device_models (account_id, service_id, name) values (${accountId}, ${serviceId}, ${name})`);
}

export async function rename(tx: Tx, modelId: string, name: string): Promise<void> {
  await tx.execute(sql`update device_models set name = ${name} where id = ${modelId}`);
}

export async function remove(tx: Tx, modelId: string): Promise<void> {
  await tx.execute(sql`delete from device_models where id = ${modelId}`);
}
