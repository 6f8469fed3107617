import { sql, type SQL } from 'drizzle-orm';
import { KEY_COUNT_CAP, type SymmetricKeysQuery } from '@keydeck/contract/payment-keys';
import type { Tx } from '../../db/database.ts';
import { rowsOf, textArray } from '../../db/raw-sql.ts';
import { keysetWindow } from '../../platform/keyset.ts';
import { countOrEstimate } from '../../platform/list-count.ts';
import { containsPattern } from '../../platform/paging.ts';

export type KeyRow = {
  id: string;
  name: string;
  group_id: string;
  group_name: string;
  algorithm: string;
  usage: string;
  mode_of_use: string;
  exportability: string;
  version: string;
  state: string;
  kcv: string;
  kcv_method: string;
  origin: string;
  keystore: string;
  key_ref: string;
  material_id: string;
  key_set_id: string | null;
  created_at: Date;
  rotated_at: Date | null;
};
export type NewKey = Omit<KeyRow, 'group_name' | 'created_at' | 'rotated_at' | 'state'>;
/** What a key's listing shows: never its sealed material, nor where its keystore holds it. */
export type ListedKeyRow = Omit<KeyRow, 'group_id' | 'key_ref' | 'material_id' | 'key_set_id'>;

const KEY_COLUMNS = sql`k.id, k.name, k.group_id, g.name as group_name, k.algorithm, k.usage, k.mode_of_use, k.exportability,
  k.version, k.state, k.kcv, k.kcv_method, k.origin, k.keystore, k.key_ref, k.material_id, k.key_set_id, k.created_at, k.rotated_at`;
const SELECT_KEY = sql`select ${KEY_COLUMNS} from symmetric_keys k join key_groups g on g.id = k.group_id`;
const LISTED_COLUMNS = sql`k.id, k.name, g.name as group_name, k.algorithm, k.usage, k.mode_of_use, k.exportability, k.version,
  k.state, k.kcv, k.kcv_method, k.origin, k.keystore, k.created_at, k.rotated_at`;

const ORDER: Record<SymmetricKeysQuery['order_by'], SQL> = {
  name: sql`k.name`,
  created_at: sql`k.created_at`,
  algorithm: sql`k.algorithm`,
  usage: sql`k.usage`,
  state: sql`k.state`,
};

/**
 * A page of the service's keys (optionally of one group, one state, or names containing search), by keyset
 * (platform/keyset.ts), and their total: counted where the planner expects few keys, its estimate where many
 * (platform/list-count.ts): a count of up to KEY_COUNT_CAP keys on every page read them on every page.
 */
export async function listPage(tx: Tx, serviceId: string, query: SymmetricKeysQuery, groupId: string | null) {
  const where = sql.join(
    [
      sql`k.service_id = ${serviceId}`,
      ...(groupId ? [sql`k.group_id = ${groupId}`] : []),
      ...(query.state ? [sql`k.state = ${query.state}`] : []),
      ...(query.search ? [sql`k.name ilike ${containsPattern(query.search)}`] : []),
    ],
    sql` and `,
  );
  const total = await countOrEstimate(tx, sql`from symmetric_keys k where ${where}`, KEY_COUNT_CAP);
  const window = keysetWindow(query, ORDER[query.order_by], sql`k.id`, total);
  // The page's ids first, from the index alone (after a cursor, or at an offset for a jump, which skips index
  // entries, not joined rows); then the page's rows and what they show.
  const rows = await rowsOf<ListedKeyRow & { assignments: number; sort_key: string }>(
    tx,
    sql`with page as (
          select k.id from symmetric_keys k where ${where}${window.condition ? sql` and ${window.condition}` : sql``}
          order by ${window.orderBy} limit ${window.limit} offset ${window.offset})
        select ${LISTED_COLUMNS}, (select count(*)::int from key_assignments a where a.key_id = k.id) as assignments,
          ${ORDER[query.order_by]}::text as sort_key
        from page p join symmetric_keys k on k.id = p.id join key_groups g on g.id = k.group_id
        order by ${window.orderBy}`,
  );
  // The sort value as PostgreSQL writes it: a time keeps its microseconds, which a Date would lose.
  const page = window.page(rows, (row) => ({ value: row.sort_key, id: row.id }));
  return { ...page, total };
}

/** Keys by lower-cased name. */
export async function findByNames(tx: Tx, serviceId: string, names: string[]): Promise<Map<string, KeyRow>> {
  const rows = await rowsOf<KeyRow>(tx, sql`${SELECT_KEY} where k.service_id = ${serviceId} and lower(k.name) = any(${textArray(names.map((n) => n.toLowerCase()))})`);
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}

/** The first active key of a usage in a group (a DUKPT group's BDK). */
export async function activeKeyOfUsage(tx: Tx, groupId: string, usage: string): Promise<KeyRow | undefined> {
  const [row] = await rowsOf<KeyRow>(tx, sql`${SELECT_KEY} where k.group_id = ${groupId} and k.usage = ${usage} and k.state = 'active' order by k.created_at limit 1`);
  return row;
}

export async function insert(tx: Tx, accountId: string, serviceId: string, key: NewKey): Promise<void> {
  await tx.execute(sql`insert into symmetric_keys (id, account_id, service_id, group_id, name, algorithm, usage, mode_of_use, exportability,
      version, kcv, kcv_method, origin, keystore, key_ref, material_id, key_set_id)
    values (${key.id}, ${accountId}, ${serviceId}, ${key.group_id}, ${key.name}, ${key.algorithm}, ${key.usage}, ${key.mode_of_use},
      ${key.exportability}, ${key.version}, ${key.kcv}, ${key.kcv_method}, ${key.origin}, ${key.keystore}, ${key.key_ref}, ${key.material_id}, ${key.key_set_id})`);
}

export async function setState(tx: Tx, keyId: string, state: string): Promise<void> {
  await tx.execute(sql`update symmetric_keys set state = ${state} where id = ${keyId}`);
}

export async function rotate(tx: Tx, keyId: string, change: { version: string; kcv: string; keyRef: string; materialId: string }): Promise<void> {
  await tx.execute(sql`update symmetric_keys set version = ${change.version}, kcv = ${change.kcv}, key_ref = ${change.keyRef},
      material_id = ${change.materialId}, rotated_at = now()
    where id = ${keyId}`);
}

export async function remove(tx: Tx, keyId: string): Promise<void> {
  await tx.execute(sql`delete from symmetric_keys where id = ${keyId}`);
}

export async function assignmentCount(tx: Tx, keyId: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from key_assignments where key_id = ${keyId}`);
  return row?.n ?? 0;
}

export type KeyEvent = { keyId: string; keyName: string; action: string; kcv: string; detail?: string };

export async function recordEvent(tx: Tx, scope: { accountId: string; serviceId: string; actor: string }, event: KeyEvent): Promise<void> {
  await tx.execute(sql`insert into symmetric_key_events (account_id, service_id, key_id, key_name, action, kcv, actor, detail)
    values (${scope.accountId}, ${scope.serviceId}, ${event.keyId}, ${event.keyName}, ${event.action}, ${event.kcv}, ${scope.actor}, ${event.detail ?? ''})`);
}

export async function history(tx: Tx, serviceId: string, keyId: string) {
  return rowsOf<{ action: string; kcv: string; actor: string; detail: string; occurred_at: Date }>(
    tx,
    sql`select action, kcv, actor, detail, occurred_at from symmetric_key_events where service_id = ${serviceId} and key_id = ${keyId}
        order by occurred_at desc, id desc limit 200`,
  );
}

export async function assignmentsOf(tx: Tx, keyId: string) {
  return rowsOf<{ group: string; key_slot: number }>(
    tx,
    sql`select dg.name as group, a.key_slot from key_assignments a join device_groups dg on dg.id = a.device_group_id
        where a.key_id = ${keyId} order by lower(dg.name), a.key_slot`,
  );
}

/**
 * Whether the service's policy allows one user to enter every component of a key on one screen (not split
 * knowledge; key ceremonies set the policy, off unless a row says otherwise).
 */
export async function singleOperatorEntry(tx: Tx, serviceId: string): Promise<boolean> {
  const [row] = await rowsOf<{ single_operator_entry: boolean }>(tx, sql`select single_operator_entry from key_ceremony_policies where service_id = ${serviceId}`);
  return row?.single_operator_entry ?? false;
}
