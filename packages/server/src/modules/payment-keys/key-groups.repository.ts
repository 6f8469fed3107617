import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf, textArray } from '../../db/raw-sql.ts';

export type KeyGroupRow = { id: string; name: string; retrieval_algorithm: string; created_at: Date };

/** Every key group of the service with its key count and its active BDK (for DUKPT), by name. */
export async function list(tx: Tx, serviceId: string) {
  return rowsOf<KeyGroupRow & { key_count: number; bdk: string | null }>(
    tx,
    sql`select g.id, g.name, g.retrieval_algorithm, g.created_at,
          (select count(*)::int from symmetric_keys k where k.group_id = g.id) as key_count,
          (select k.name from symmetric_keys k where k.group_id = g.id and k.usage = 'B0' and k.state = 'active' order by k.created_at limit 1) as bdk
        from key_groups g where g.service_id = ${serviceId} order by lower(g.name)`,
  );
}

/** Groups by lower-cased name. */
export async function findByNames(tx: Tx, serviceId: string, names: string[]): Promise<Map<string, KeyGroupRow>> {
  const rows = await rowsOf<KeyGroupRow>(
    tx,
    sql`select id, name, retrieval_algorithm, created_at from key_groups
        where service_id = ${serviceId} and lower(name) = any(${textArray(names.map((n) => n.toLowerCase()))})`,
  );
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}

export async function insert(tx: Tx, accountId: string, serviceId: string, groups: { name: string; retrievalAlgorithm: string }[]) {
  for (const group of groups) {
    await tx.execute(sql`insert into key_groups (account_id, service_id, name, retrieval_algorithm)
      values (${accountId}, ${serviceId}, ${group.name}, ${group.retrievalAlgorithm})`);
  }
}

export async function keyCount(tx: Tx, groupId: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from symmetric_keys where group_id = ${groupId}`);
  return row?.n ?? 0;
}

export async function remove(tx: Tx, groupId: string): Promise<void> {
  await tx.execute(sql`delete from key_groups where id = ${groupId}`);
}

export async function setRetrievalAlgorithm(tx: Tx, groupId: string, algorithm: string): Promise<void> {
  await tx.execute(sql`update key_groups set retrieval_algorithm = ${algorithm} where id = ${groupId}`);
}
