import { DEVICE_COUNT_CAP, type DeviceFilters, type DevicesQuery } from '@keydeck/contract/devices';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { keysetWindow, offsetWindow, type Counted, type WindowedPage } from '../../platform/keyset.ts';
import { rowsOf, textArray } from '../../db/raw-sql.ts';
import { countOrEstimate, type ListCount } from '../../platform/list-count.ts';
import { containsPattern } from '../../platform/paging.ts';

/** A device as lists and exports read it. */
export type DeviceRow = {
  serial: string;
  group: string;
  device_model: string | null;
  archived: boolean;
  failed: boolean;
  last_load: Date | null;
  created_at: Date;
};

/**
 * The filters with the group named by its id (null: the service has no such group), looked up once: as a value
 * the planner sees which group it is and estimates from its statistics, where a subquery left it guessing an
 * average group's size. And how a serial is searched here: by fragment where ILIKE may use the trigram index,
 * else by prefix (below).
 */
export type MatchFilters = Omit<DeviceFilters, 'group'> & { groupId?: string | null; searchBy?: 'fragment' | 'prefix' };

export async function resolveFilters(tx: Tx, serviceId: string, filters: DeviceFilters): Promise<MatchFilters> {
  const { group, ...rest } = filters;
  const searchBy = rest.search ? await serialSearch(tx) : undefined;
  if (group === undefined) return { ...rest, searchBy };
  const [row] = await rowsOf<{ id: string }>(tx, sql`select g.id from device_groups g where g.service_id = ${serviceId} and g.name_key = lower(${group})`);
  return { ...rest, searchBy, groupId: row?.id ?? null };
}

/**
 * Row-level security lets an index serve only leakproof operators. ILIKE is one only where a superuser marked it
 * (0026, README); elsewhere a fragment search reads every device of the service (575 ms at 1,000,000), so there a
 * search finds the serials that start with the text, as typed or in capitals: starts_with is leakproof and the
 * serial index (bytewise order) serves it as a range (0.1 ms). Asked per search, so marking it later takes effect.
 */
async function serialSearch(tx: Tx): Promise<'fragment' | 'prefix'> {
  const [row] = await rowsOf<{ leakproof: boolean }>(tx, sql`select proleakproof as leakproof from pg_proc where oid = 'pg_catalog.texticlike(text, text)'::regprocedure`);
  return row?.leakproof ? 'fragment' : 'prefix';
}

function searchCondition(search: string, by: MatchFilters['searchBy']): SQL {
  if (by !== 'prefix') return sql`d.serial ilike ${containsPattern(search)}`;
  const capitals = search.toUpperCase();
  return capitals === search ? sql`starts_with(d.serial, ${search})` : sql`(starts_with(d.serial, ${search}) or starts_with(d.serial, ${capitals}))`;
}

/**
 * The devices of a service that match the filters. The search (a serial fragment, served by the trigram index, or
 * a prefix: serialSearch) always applies; archived, group and the day range combine by the operator.
 */
export function matching(serviceId: string, filters: MatchFilters): SQL {
  const narrowing: SQL[] = [];
  if (filters.archived !== undefined) narrowing.push(sql`d.archived = ${filters.archived}`);
  if (filters.groupId !== undefined) narrowing.push(filters.groupId === null ? sql`false` : sql`d.group_id = ${filters.groupId}`);
  // The day range is one filter: both its ends hold, whatever the operator. Compared as timestamptz, whose
  // operators are leakproof: row-level security lets only those use an index (timestamptz >= date took 32 s at 1M).
  const days = [
    ...(filters.date_start ? [sql`d.created_at >= ${filters.date_start}::date::timestamptz`] : []),
    ...(filters.date_end ? [sql`d.created_at < (${filters.date_end}::date + 1)::timestamptz`] : []),
  ];
  if (days.length) narrowing.push(sql`(${sql.join(days, sql` and `)})`);
  const conditions = [sql`d.service_id = ${serviceId}`];
  if (filters.search) conditions.push(searchCondition(filters.search, filters.searchBy));
  if (narrowing.length) conditions.push(sql`(${sql.join(narrowing, filters.operator === 'or' ? sql` or ` : sql` and `)})`);
  return sql.join(conditions, sql` and `);
}

const DEVICE_FROM = sql`from devices d join device_groups g on g.id = d.group_id left join device_models m on m.id = d.model_id`;
const DEVICE_COLUMNS = sql`d.serial, g.name as "group", m.name as device_model, d.archived, d.failed, d.last_load, d.created_at`;
const SELECT_DEVICE = sql`select ${DEVICE_COLUMNS} ${DEVICE_FROM}`;

const ORDER_COLUMNS: Record<DevicesQuery['order_by'], SQL> = {
  serial: sql`d.serial`,
  group: sql`g.name`,
  device_model: sql`m.name`,
  created_at: sql`d.created_at`,
  last_load: sql`d.last_load`,
};

/** Orders by a column that may be empty: paged at offsets (a keyset cursor cannot compare an empty value). */
const NULLABLE = new Set<DevicesQuery['order_by']>(['device_model', 'last_load']);

/**
 * A page of the matching devices: by keyset (platform/keyset.ts; serial breaks ties, it is unique in a service)
 * in serial, group and added order, at an offset in the nullable orders.
 */
export async function listPage(tx: Tx, serviceId: string, query: DevicesQuery, filters: MatchFilters, total: Counted): Promise<WindowedPage<DeviceRow>> {
  const where = matching(serviceId, filters);
  if (NULLABLE.has(query.order_by)) {
    const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
    const window = offsetWindow(query, total);
    return window.page(
      await rowsOf<DeviceRow>(
        tx,
        sql`${SELECT_DEVICE} where ${where} order by ${ORDER_COLUMNS[query.order_by]} ${direction} nulls last, d.serial ${direction}
          limit ${window.limit} offset ${window.offset}`,
      ),
    );
  }
  const sortColumn = ORDER_COLUMNS[query.order_by];
  const window = keysetWindow(query, sortColumn, query.order_by === 'serial' ? null : sql`d.serial`, total);
  const rows = await rowsOf<DeviceRow & { sort_key: string }>(
    tx,
    sql`select ${DEVICE_COLUMNS}, ${sortColumn}::text as sort_key ${DEVICE_FROM}
      where ${where}${window.condition ? sql` and ${window.condition}` : sql``} order by ${window.orderBy} limit ${window.limit} offset ${window.offset}`,
  );
  const page = window.page(rows, (row) => ({ value: row.sort_key, id: row.serial }));
  return { ...page, rows: page.rows.map(({ sort_key: _, ...row }) => row) };
}

/** The list's total: counted where the planner expects few devices, its estimate where many (platform/list-count.ts). */
export function countMatching(tx: Tx, serviceId: string, filters: MatchFilters): Promise<ListCount> {
  return countOrEstimate(tx, sql`from devices d where ${matching(serviceId, filters)}`, DEVICE_COUNT_CAP);
}

/** How many devices a batch has left after a serial, counted up to the cap plus one (so the caller knows whether there are more). */
export async function countCapped(tx: Tx, serviceId: string, filters: MatchFilters, after?: string): Promise<number> {
  const resume = after === undefined ? sql`` : sql`and d.serial > ${after}`;
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (select 1 from devices d where ${matching(serviceId, filters)} ${resume} limit ${DEVICE_COUNT_CAP + 1}) m`,
  );
  return row!.n;
}

/** The next rows of an export, in serial order after the given serial. */
export function exportBatch(tx: Tx, serviceId: string, filters: MatchFilters, after: string | null, limit: number): Promise<DeviceRow[]> {
  const resume = after === null ? sql`` : sql`and d.serial > ${after}`;
  return rowsOf<DeviceRow>(tx, sql`${SELECT_DEVICE} where ${matching(serviceId, filters)} ${resume} order by d.serial limit ${limit}`);
}

/** The serials a batch acts on: the ones named, or the next ones matching a filter. */
export type BatchTarget = { serials: string[] } | { filters: MatchFilters; after: string | undefined; limit: number };

/** Ids and serials of the devices a batch targets, in serial order; named serials that do not exist are absent. */
function targeted(serviceId: string, target: BatchTarget): SQL {
  if ('serials' in target) {
    return sql`select d.id, d.serial from devices d where d.service_id = ${serviceId} and d.serial = any(${textArray(target.serials)})`;
  }
  const resume = target.after === undefined ? sql`` : sql`and d.serial > ${target.after}`;
  return sql`select d.id, d.serial from devices d where ${matching(serviceId, target.filters)} ${resume} order by d.serial limit ${target.limit}`;
}

/** A targeted device as a batch left it: changed, or already as asked (then nothing was written). */
export type ChangedRow = { serial: string; group: string; changed: boolean };

/**
 * One change to every targeted device that is not already as asked (`already`, a condition on d), in one statement;
 * answers each targeted device with its group and whether it changed. The untouched rows are read from the
 * statement's snapshot, which the update does not alter.
 */
export function updateTargeted(tx: Tx, serviceId: string, target: BatchTarget, set: SQL, already: SQL): Promise<ChangedRow[]> {
  return bySerials(tx, target, () => rowsOf<ChangedRow>(
    tx,
    sql`with t as (${targeted(serviceId, target)}),
      u as (update devices d set ${set} from t where d.id = t.id and not (${already})
        returning d.id, d.serial, (select g.name from device_groups g where g.id = d.group_id) as "group")
      select u.serial, u."group", true as changed from u
      union all
      select d.serial, g.name as "group", false as changed from t join devices d on d.id = t.id join device_groups g on g.id = d.group_id
        where not exists (select 1 from u where u.id = t.id)`,
  ));
}

export function deleteTargeted(tx: Tx, serviceId: string, target: BatchTarget): Promise<ChangedRow[]> {
  return bySerials(tx, target, () => rowsOf<ChangedRow>(
    tx,
    sql`with t as (${targeted(serviceId, target)})
      delete from devices d using t where d.id = t.id
      returning d.serial, (select g.name from device_groups g where g.id = d.group_id) as "group", true as changed`,
  ));
}

/**
 * Looks serials up through the unique index. The trigram index serves equality too (pg_trgm 1.6), and with
 * thousands of serials PostgreSQL's planner picked it: 62 s for 10,000 serials instead of 0.3 s. Bitmap scans
 * are off for that one statement only, so searches keep the trigram index.
 */
async function bySerials<T>(tx: Tx, target: BatchTarget | { serials: string[] }, work: () => Promise<T>): Promise<T> {
  if (!('serials' in target)) return work();
  await tx.execute(sql`select set_config('enable_bitmapscan', 'off', true)`);
  const result = await work();
  // A failure rolls the transaction back, and the setting with it.
  await tx.execute(sql`select set_config('enable_bitmapscan', 'on', true)`);
  return result;
}

/** Records which devices a request changed (one statement), for "who changed device X". */
export async function recordChanges(
  tx: Tx,
  change: { accountId: string; serviceId: string; requestId: string; change: string },
  serials: string[],
): Promise<void> {
  if (!serials.length) return;
  await tx.execute(sql`insert into device_changes (account_id, service_id, request_id, change, serial)
    select ${change.accountId}, ${change.serviceId}, ${change.requestId}, ${change.change}, unnest(${textArray(serials)})`);
}

export type HistoryRow = { occurred_at: Date; actor: string | null; change: string; action: string | null; request_id: string };

/** Who changed a device and when: its recorded changes with their audit events, newest first. */
export function history(tx: Tx, serviceId: string, serial: string): Promise<HistoryRow[]> {
  return rowsOf<HistoryRow>(
    tx,
    sql`select c.occurred_at, e.actor_username as actor, c.change, e.action, c.request_id
      from device_changes c
      left join audit_events e on e.request_id = c.request_id and e.account_id = c.account_id and e.outcome = 'success'
      where c.service_id = ${serviceId} and c.serial = ${serial}
      order by c.occurred_at desc, c.id desc limit 200`,
  );
}

export function existingSerials(tx: Tx, serviceId: string, serials: string[]): Promise<{ serial: string }[]> {
  return bySerials(tx, { serials }, () =>
    rowsOf<{ serial: string }>(tx, sql`select serial from devices where service_id = ${serviceId} and serial = any(${textArray(serials)})`),
  );
}

export type NewDeviceRow = { serial: string; groupId: string; modelId: string | null };

/** Adds devices in one statement. */
export async function insertDevices(tx: Tx, accountId: string, serviceId: string, devices: NewDeviceRow[]): Promise<void> {
  await tx.execute(sql`insert into devices (account_id, service_id, serial, group_id, model_id)
    select ${accountId}, ${serviceId}, s, g::uuid, nullif(m, '')::uuid
    from unnest(${textArray(devices.map((d) => d.serial))}, ${textArray(devices.map((d) => d.groupId))},
      ${textArray(devices.map((d) => d.modelId ?? ''))}) as n(s, g, m)`);
}

export async function findReply(tx: Tx, serviceId: string, key: string): Promise<{ requestDigest: string; reply: string } | undefined> {
  const [row] = await rowsOf<{ request_digest: string; reply: string }>(
    tx,
    sql`select request_digest, reply from device_batch_replies where service_id = ${serviceId} and key = ${key}`,
  );
  return row && { requestDigest: row.request_digest, reply: row.reply };
}

export async function saveReply(tx: Tx, reply: { accountId: string; serviceId: string; key: string; requestDigest: string; reply: string }) {
  await tx.execute(sql`insert into device_batch_replies (account_id, service_id, key, request_digest, reply)
    values (${reply.accountId}, ${reply.serviceId}, ${reply.key}, ${reply.requestDigest}, ${reply.reply})`);
}
