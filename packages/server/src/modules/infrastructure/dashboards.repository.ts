import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-sql.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { cloudHsms, clusterMembers, clusters, provisioningRuns } from '../../db/schema/cloud-hsms.ts';
import { datacenters, ipamZones } from '../../db/schema/infrastructure.ts';
import { services } from '../../db/schema/services.ts';

/** The last 30 days, today included, as UTC calendar days; `at` a timestamptz expression. */
const inLast30Days = (at: ReturnType<typeof sql>) => sql`(${at} at time zone 'UTC')::date >= (now() at time zone 'UTC')::date - 29`;
const utcDay = (at: ReturnType<typeof sql>) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD')`;
const live = sql`h.status <> 'Deprovisioned'`;

// ---- odh: cloud HSMs ----

export function hsmsByStatus(tx: Tx) {
  return rowsOf<{ status: string; count: number }>(tx, sql`select h.status, count(*)::int as count from ${cloudHsms} h group by h.status order by h.status`);
}

export function liveHsmsByLocation(tx: Tx) {
  return rowsOf<{ datacenter_id: string; datacenter_name: string; location: string; count: number }>(
    tx,
    sql`select d.id as datacenter_id, d.name as datacenter_name, d.location, count(*)::int as count
      from ${cloudHsms} h join ${ipamZones} z on z.id = h.zone_id join ${datacenters} d on d.id = z.datacenter_id
      where ${live} group by d.id, d.name, d.location order by count desc, d.name`,
  );
}

export function topAccountsByLiveHsms(tx: Tx, limit: number) {
  return rowsOf<{ account_id: string; account_name: string; count: number }>(
    tx,
    sql`select a.id as account_id, a.name as account_name, count(*)::int as count
      from ${cloudHsms} h join ${accounts} a on a.id = h.account_id
      where ${live} group by a.id, a.name order by count desc, a.name limit ${limit}`,
  );
}

export function hsmsCreatedPerDay(tx: Tx) {
  return rowsOf<{ day: string; count: number }>(
    tx,
    sql`select ${utcDay(sql`h.created_at`)} as day, count(*)::int as count from ${cloudHsms} h
      where ${inLast30Days(sql`h.created_at`)} group by day order by day`,
  );
}

// ---- cryptohub: clusters ----

export function clustersPerAccount(tx: Tx, limit: number) {
  return rowsOf<{ account_id: string; account_name: string; clusters: number }>(
    tx,
    sql`select a.id as account_id, a.name as account_name, count(*)::int as clusters
      from ${clusters} c join ${accounts} a on a.id = c.account_id group by a.id, a.name order by clusters desc, a.name limit ${limit}`,
  );
}

export function membersByState(tx: Tx) {
  return rowsOf<{ state: string; count: number }>(tx, sql`select m.status as state, count(*)::int as count from ${clusterMembers} m group by m.status order by m.status`);
}

export async function clusteredAndStandalone(tx: Tx) {
  const [row] = await rowsOf<{ clustered: number; standalone: number; accounts: number }>(
    tx,
    sql`select
      (select count(*)::int from ${cloudHsms} h where ${live} and exists (select 1 from ${clusterMembers} m where m.cloud_hsm_id = h.id)) as clustered,
      (select count(*)::int from ${cloudHsms} h where ${live} and not exists (select 1 from ${clusterMembers} m where m.cloud_hsm_id = h.id)) as standalone,
      (select count(distinct s.account_id)::int from ${services} s where s.type in ('cloud_hsms', 'cluster_management')) as accounts`,
  );
  return row!;
}

// ---- Provisioning runs ----

export async function queueDepth(tx: Tx) {
  const [row] = await rowsOf<{ queued: number; running: number }>(
    tx,
    sql`select count(*) filter (where r.outcome = 'queued')::int as queued, count(*) filter (where r.outcome = 'running')::int as running
      from ${provisioningRuns} r where r.outcome in ('queued', 'running')`,
  );
  return row!;
}

/** Finished runs per day, timed from queued to finished: what a customer waits, queueing and retries included. */
export function durationsPerDay(tx: Tx) {
  return rowsOf<{ day: string; runs: number; p50_seconds: number; p95_seconds: number }>(
    tx,
    sql`select day, count(*)::int as runs,
        round(percentile_cont(0.5) within group (order by seconds)::numeric, 2)::float8 as p50_seconds,
        round(percentile_cont(0.95) within group (order by seconds)::numeric, 2)::float8 as p95_seconds
      from (select ${utcDay(sql`r.finished_at`)} as day, extract(epoch from r.finished_at - r.queued_at)::float8 as seconds
        from ${provisioningRuns} r where r.finished_at is not null and ${inLast30Days(sql`r.finished_at`)}) finished
      group by day order by day`,
  );
}

export function failuresPerDay(tx: Tx) {
  return rowsOf<{ day: string; count: number }>(
    tx,
    sql`select ${utcDay(sql`coalesce(r.finished_at, r.queued_at)`)} as day, count(*)::int as count from ${provisioningRuns} r
      where r.outcome = 'failed' and ${inLast30Days(sql`coalesce(r.finished_at, r.queued_at)`)} group by day order by day`,
  );
}
