import { sql, type SQL } from 'drizzle-orm';
import { KEY_ASSIGNMENT_COUNT_CAP, type KeyAssignmentsQuery } from '@keydeck/contract/payment-keys';
import type { Tx } from '../../db/database.ts';
import { rowsOf, textArray } from '../../db/raw-sql.ts';
import { keysetWindow } from '../../platform/keyset.ts';
import { countOrEstimate } from '../../platform/list-count.ts';
import { containsPattern } from '../../platform/paging.ts';

export type AssignmentRow = {
  id: string;
  group: string;
  key_slot: number;
  key: string;
  key_id: string;
  key_group: string;
  key_retrieval_algorithm: string;
  algorithm: string;
  usage: string;
  kcv: string;
  created_at: Date;
};

const FROM = sql`from key_assignments a
  join device_groups dg on dg.id = a.device_group_id
  join symmetric_keys k on k.id = a.key_id
  join key_groups kg on kg.id = k.group_id`;
const COLUMNS = sql`a.id, dg.name as "group", a.key_slot, k.name as key, k.id as key_id, kg.name as key_group,
  kg.retrieval_algorithm as key_retrieval_algorithm, k.algorithm, k.usage, k.kcv, a.created_at`;
const SELECT = sql`select ${COLUMNS} ${FROM}`;

/**
 * Each order's column and what breaks its ties, unique in a service: a group's slots in slot order, a slot's
 * groups in group order (a group's name is unique in its service, case aside), else the assignment's id.
 */
const ORDER: Record<KeyAssignmentsQuery['order_by'], { sort: SQL; tie: SQL }> = {
  group: { sort: sql`lower(dg.name)`, tie: sql`a.key_slot` },
  key_slot: { sort: sql`a.key_slot`, tie: sql`lower(dg.name)` },
  key: { sort: sql`lower(k.name)`, tie: sql`a.id` },
  created_at: { sort: sql`a.created_at`, tie: sql`a.id` },
};

/**
 * A page of assignments (search matches a device group or key name fragment) by keyset (platform/keyset.ts) in
 * every order, none of which may be empty. Its total first, so the last page holds what is left over: counted up to
 * KEY_ASSIGNMENT_COUNT_CAP (a fleet's groups times their slots) where the planner expects few, its estimate where
 * many (platform/list-count.ts).
 */
export async function listPage(tx: Tx, serviceId: string, query: KeyAssignmentsQuery) {
  const where = sql.join(
    [
      sql`a.service_id = ${serviceId}`,
      ...(query.group ? [sql`lower(dg.name) = ${query.group.toLowerCase()}`] : []),
      ...(query.search ? [sql`(dg.name ilike ${containsPattern(query.search)} or k.name ilike ${containsPattern(query.search)})`] : []),
    ],
    sql` and `,
  );
  const total = await countOrEstimate(
    tx,
    sql`from key_assignments a join device_groups dg on dg.id = a.device_group_id join symmetric_keys k on k.id = a.key_id where ${where}`,
    KEY_ASSIGNMENT_COUNT_CAP,
  );
  const { sort, tie } = ORDER[query.order_by];
  const window = keysetWindow(query, sort, tie, total);
  // The sort value and tie-breaker as PostgreSQL writes them: a time keeps its microseconds, which a Date would lose.
  const rows = await rowsOf<AssignmentRow & { sort_key: string; tie_key: string }>(
    tx,
    sql`select ${COLUMNS}, ${sort}::text as sort_key, ${tie}::text as tie_key ${FROM}
        where ${where}${window.condition ? sql` and ${window.condition}` : sql``}
        order by ${window.orderBy} limit ${window.limit} offset ${window.offset}`,
  );
  const page = window.page(rows, (row) => ({ value: row.sort_key, id: row.tie_key }));
  return {
    ...page,
    rows: page.rows.map(({ sort_key: _, tie_key: __, ...row }) => row),
    total,
  };
}

export async function find(tx: Tx, serviceId: string, deviceGroupId: string, slot: number): Promise<AssignmentRow | undefined> {
  const [row] = await rowsOf<AssignmentRow>(tx, sql`${SELECT} where a.service_id = ${serviceId} and a.device_group_id = ${deviceGroupId} and a.key_slot = ${slot}`);
  return row;
}

export async function insert(tx: Tx, row: { accountId: string; serviceId: string; deviceGroupId: string; slot: number; keyId: string }) {
  await tx.execute(sql`insert into key_assignments (account_id, service_id, device_group_id, key_slot, key_id)
    values (${row.accountId}, ${row.serviceId}, ${row.deviceGroupId}, ${row.slot}, ${row.keyId})`);
}

export async function remove(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`delete from key_assignments where id = ${id}`);
}

/** A device of the service by serial, with its group and its number (the DUKPT device identifier). */
export async function deviceBySerial(tx: Tx, serviceId: string, serial: string) {
  const [row] = await rowsOf<{ id: number; serial: string; group_id: string; group_name: string }>(
    tx,
    sql`select d.id, d.serial, d.group_id, g.name as group_name from devices d join device_groups g on g.id = d.group_id
        where d.service_id = ${serviceId} and d.serial = ${serial}`,
  );
  return row;
}

/** Device groups by lower-cased name. */
export async function deviceGroupsByNames(tx: Tx, serviceId: string, names: string[]): Promise<Map<string, { id: string; name: string }>> {
  const rows = await rowsOf<{ id: string; name: string }>(
    tx,
    sql`select id, name from device_groups where service_id = ${serviceId} and lower(name) = any(${textArray(names.map((n) => n.toLowerCase()))})`,
  );
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}

/** A key load reached the device: the device list's "last load". */
export async function markLoaded(tx: Tx, deviceId: number): Promise<void> {
  await tx.execute(sql`update devices set last_load = now() where id = ${deviceId}`);
}
