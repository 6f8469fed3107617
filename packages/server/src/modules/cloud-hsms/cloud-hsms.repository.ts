import type { CloudHsmsQuery } from '@keydeck/contract/cloud-hsms-queries';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-sql.ts';
import { cloudHsmHealth, cloudHsmPorts, cloudHsms, clusterMembers, clusters, provisioningRuns } from '../../db/schema/cloud-hsms.ts';
import { blueprints, datacenters, ipamZones } from '../../db/schema/infrastructure.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

export type HsmRow = typeof cloudHsms.$inferSelect;
export type NewHsm = typeof cloudHsms.$inferInsert;

/** An HSM with what its screens name: blueprint, zone and datacenter, the cluster it is in. */
const viewColumns = {
  hsm: cloudHsms,
  address: sql<string | null>`host(${cloudHsms.address})`,
  blueprintName: blueprints.name,
  model: blueprints.model,
  partitions: blueprints.partitions,
  policies: blueprints.policies,
  zoneName: ipamZones.name,
  datacenterName: datacenters.name,
  location: datacenters.location,
  clusterId: clusters.id,
  clusterName: clusters.name,
};

function view(tx: Tx) {
  return tx
    .select(viewColumns)
    .from(cloudHsms)
    .innerJoin(blueprints, eq(blueprints.id, cloudHsms.blueprintId))
    .innerJoin(ipamZones, eq(ipamZones.id, cloudHsms.zoneId))
    .innerJoin(datacenters, eq(datacenters.id, ipamZones.datacenterId))
    .leftJoin(clusterMembers, eq(clusterMembers.cloudHsmId, cloudHsms.id))
    .leftJoin(clusters, eq(clusters.id, clusterMembers.clusterId));
}

export type HsmView = Awaited<ReturnType<ReturnType<typeof view>['execute']>>[number];

/** accountId null: any account's (a platform administrator). */
export async function findHsm(tx: Tx, accountId: string | null, id: string): Promise<HsmView | null> {
  const [row] = await view(tx).where(and(eq(cloudHsms.id, id), accountId ? eq(cloudHsms.accountId, accountId) : undefined));
  return row ?? null;
}

export async function listHsms(tx: Tx, accountId: string, serviceId: string, query: CloudHsmsQuery) {
  const where = and(
    eq(cloudHsms.accountId, accountId),
    eq(cloudHsms.serviceId, serviceId),
    query.status ? eq(cloudHsms.status, query.status) : query.include_deprovisioned ? undefined : ne(cloudHsms.status, 'Deprovisioned'),
    matchesSearch(query.search, [cloudHsms.name]),
  );
  const window = pageWindow(query, { name: cloudHsms.name, status: cloudHsms.status, created_at: cloudHsms.createdAt }, cloudHsms.id);
  const rows = await view(tx).where(where).orderBy(...window.orderBy).limit(window.limit).offset(window.offset);
  const [count] = await tx.select({ total: sql<number>`count(*)::int` }).from(cloudHsms).where(where);
  return { rows, total: count?.total ?? 0 };
}

/** The HSM's row, locked against every other step, job or request on it. */
export async function lockHsm(tx: Tx, id: string): Promise<HsmRow | null> {
  const [row] = await tx.select().from(cloudHsms).where(eq(cloudHsms.id, id)).for('update');
  return row ?? null;
}

export async function nameTaken(tx: Tx, serviceId: string, name: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: cloudHsms.id })
    .from(cloudHsms)
    .where(and(eq(cloudHsms.serviceId, serviceId), sql`lower(${cloudHsms.name}) = lower(${name})`, ne(cloudHsms.status, 'Deprovisioned')));
  return row !== undefined;
}

export async function insertHsm(tx: Tx, values: NewHsm): Promise<HsmRow> {
  const [row] = await tx.insert(cloudHsms).values(values).returning();
  return row!;
}

export async function updateHsm(tx: Tx, id: string, changes: Partial<NewHsm>): Promise<void> {
  await tx.update(cloudHsms).set(changes).where(eq(cloudHsms.id, id));
}

/** The HSMs a provisioner hosts in a status (all accounts: the caller runs in system scope). */
export function hsmsOnProvisioner(tx: Tx, provisionerId: string, status: HsmRow['status']) {
  return tx.select().from(cloudHsms).where(and(eq(cloudHsms.provisionerId, provisionerId), eq(cloudHsms.status, status)));
}

export async function portsOfHsms(tx: Tx, ids: string[]): Promise<Map<string, { port: number; purpose: string }[]>> {
  const byHsm = new Map<string, { port: number; purpose: string }[]>();
  if (ids.length === 0) return byHsm;
  const rows = await tx.select().from(cloudHsmPorts).where(inArray(cloudHsmPorts.cloudHsmId, ids)).orderBy(asc(cloudHsmPorts.port));
  for (const row of rows) byHsm.set(row.cloudHsmId, [...(byHsm.get(row.cloudHsmId) ?? []), { port: row.port, purpose: row.purpose }]);
  return byHsm;
}

// ---- Health samples ----

export type HealthSample = typeof cloudHsmHealth.$inferSelect;

export async function insertSample(tx: Tx, sample: typeof cloudHsmHealth.$inferInsert): Promise<void> {
  await tx.insert(cloudHsmHealth).values(sample).onConflictDoNothing();
}

/** Each HSM's newest sample. */
export async function latestSamples(tx: Tx, ids: string[]): Promise<Map<string, HealthSample>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .selectDistinctOn([cloudHsmHealth.cloudHsmId])
    .from(cloudHsmHealth)
    .where(inArray(cloudHsmHealth.cloudHsmId, ids))
    .orderBy(cloudHsmHealth.cloudHsmId, desc(cloudHsmHealth.sampledAt));
  return new Map(rows.map((row) => [row.cloudHsmId, row]));
}

/** The newest sample that reached the token (its object count stands until the next such one). */
export async function latestReachableSample(tx: Tx, id: string): Promise<HealthSample | null> {
  const [row] = await tx
    .select()
    .from(cloudHsmHealth)
    .where(and(eq(cloudHsmHealth.cloudHsmId, id), eq(cloudHsmHealth.reachable, true)))
    .orderBy(desc(cloudHsmHealth.sampledAt))
    .limit(1);
  return row ?? null;
}

/** Samples since `since`, oldest first, thinned evenly to at most maxPoints: the first of each of maxPoints equal runs. */
export function healthSeries(tx: Tx, id: string, since: Date, maxPoints: number) {
  return rowsOf<{
    sampled_at: Date | string;
    reachable: boolean;
    sessions: number | null;
    max_sessions: number | string | null;
    free_memory: number | string | null;
    total_memory: number | string | null;
    objects: number | null;
    secret_keys: number | null;
    private_keys: number | null;
    public_keys: number | null;
    certificates: number | null;
    error: string | null;
  }>(
    tx,
    sql`select sampled_at, reachable, sessions, max_sessions, free_memory, total_memory, objects, secret_keys, private_keys, public_keys, certificates, error from (
          select s.*, row_number() over (partition by s.bucket order by s.sampled_at) as k from (
            select h.*, (row_number() over (order by sampled_at) - 1) * ${maxPoints} / count(*) over () as bucket
              from cloud_hsm_health h where cloud_hsm_id = ${id} and sampled_at >= ${since.toISOString()}::timestamptz
          ) s
        ) b
        where b.k = 1
        order by sampled_at`,
  );
}

export async function pruneSamples(tx: Tx, olderThanDays: number): Promise<number> {
  const removed = await tx
    .delete(cloudHsmHealth)
    .where(sql`${cloudHsmHealth.sampledAt} < now() - make_interval(days => ${olderThanDays})`)
    .returning({ id: cloudHsmHealth.cloudHsmId });
  return removed.length;
}

// ---- Provisioning runs ----

export type RunKind = (typeof provisioningRuns.$inferSelect)['kind'];

export async function insertRun(tx: Tx, values: { cloudHsmId: string; accountId: string; kind: RunKind }): Promise<void> {
  await tx.insert(provisioningRuns).values(values);
}

/**
 * The HSM's newest run of the kind that has not finished. `finished_at is null` stands on the updated row too:
 * PostgreSQL re-checks only that (not the subquery) when a concurrent run finished the row first, so a racing
 * retry never reopens a finished run.
 */
const openRun = (cloudHsmId: string, kind: RunKind): SQL =>
  sql`${provisioningRuns.id} = (select id from provisioning_runs where cloud_hsm_id = ${cloudHsmId} and kind = ${kind} and finished_at is null order by queued_at desc limit 1)
    and ${provisioningRuns.finishedAt} is null`;

/** Counts one more attempt of the open run (starting it on its first), and answers how many there have been. */
export async function attemptRun(tx: Tx, cloudHsmId: string, kind: RunKind): Promise<number | null> {
  const [row] = await tx
    .update(provisioningRuns)
    .set({ attempts: sql`${provisioningRuns.attempts} + 1`, outcome: 'running', startedAt: sql`coalesce(${provisioningRuns.startedAt}, now())` })
    .where(openRun(cloudHsmId, kind))
    .returning({ attempts: provisioningRuns.attempts });
  return row?.attempts ?? null;
}

export async function finishRun(tx: Tx, cloudHsmId: string, kind: RunKind, outcome: 'succeeded' | 'failed', error: string | null = null): Promise<void> {
  await tx
    .update(provisioningRuns)
    .set({ outcome, error, finishedAt: sql`now()`, startedAt: sql`coalesce(${provisioningRuns.startedAt}, now())` })
    .where(openRun(cloudHsmId, kind));
}

/** The account's runs in flight, oldest first, with their HSMs. */
export function runsInFlight(tx: Tx, accountId: string) {
  return tx
    .select({
      hsmId: cloudHsms.id,
      name: cloudHsms.name,
      serviceId: cloudHsms.serviceId,
      status: cloudHsms.status,
      step: cloudHsms.step,
      kind: provisioningRuns.kind,
      queuedAt: provisioningRuns.queuedAt,
      startedAt: provisioningRuns.startedAt,
      attempts: provisioningRuns.attempts,
    })
    .from(provisioningRuns)
    .innerJoin(cloudHsms, eq(cloudHsms.id, provisioningRuns.cloudHsmId))
    .where(and(eq(provisioningRuns.accountId, accountId), sql`${provisioningRuns.finishedAt} is null`))
    .orderBy(asc(provisioningRuns.queuedAt));
}

/** The account's HSMs, for the overview's counts. */
export function accountHsms(tx: Tx, accountId: string) {
  return tx.select({ id: cloudHsms.id, status: cloudHsms.status, provisionerId: cloudHsms.provisionerId }).from(cloudHsms).where(eq(cloudHsms.accountId, accountId));
}
