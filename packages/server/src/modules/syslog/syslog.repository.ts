import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { syslogDestinations, syslogOutbox } from '../../db/schema/syslog.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

export type DestinationRow = typeof syslogDestinations.$inferSelect;
export type NewDestination = typeof syslogDestinations.$inferInsert;
export type ListQuery = {
  page: number;
  page_size: number;
  order: 'asc' | 'desc';
  order_by: 'name' | 'host' | 'created_at';
  search?: string | undefined;
};

// Spelled out with the table name: drizzle leaves columns unqualified when a query reads one table.
const lag = sql<number>`(select count(*)::int from ${syslogOutbox} as o where o.destination_id = "syslog_destinations"."id")`;

export async function listDestinations(tx: Tx, accountId: string, query: ListQuery) {
  const window = pageWindow(
    query,
    { name: sql`lower(${syslogDestinations.name})`, host: syslogDestinations.host, created_at: syslogDestinations.createdAt },
    syslogDestinations.id,
  );
  const where = and(eq(syslogDestinations.accountId, accountId), matchesSearch(query.search, [syslogDestinations.name, syslogDestinations.host]));
  const [rows, [count]] = await Promise.all([
    tx.select({ destination: syslogDestinations, lag }).from(syslogDestinations).where(where).orderBy(...window.orderBy).limit(window.limit).offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(syslogDestinations).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findDestination(tx: Tx, accountId: string, id: string) {
  const [row] = await tx
    .select({ destination: syslogDestinations, lag })
    .from(syslogDestinations)
    .where(and(eq(syslogDestinations.accountId, accountId), eq(syslogDestinations.id, id)));
  return row;
}

export async function nameTaken(tx: Tx, accountId: string, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: syslogDestinations.id })
    .from(syslogDestinations)
    .where(
      and(
        eq(syslogDestinations.accountId, accountId),
        sql`lower(${syslogDestinations.name}) = lower(${name})`,
        exceptId ? sql`${syslogDestinations.id} <> ${exceptId}` : undefined,
      ),
    );
  return row !== undefined;
}

/** Whether the account exists (and is visible in the transaction's tenant scope). */
/** The accounts' enabled destinations, for messages sent outside the outbox (audit checkpoints). */
export function enabledDestinations(tx: Tx, accountIds: string[]) {
  return tx
    .select()
    .from(syslogDestinations)
    .where(and(inArray(syslogDestinations.accountId, accountIds), eq(syslogDestinations.enabled, true)));
}

export async function accountExists(tx: Tx, accountId: string) {
  const [row] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  return row !== undefined;
}

export async function insertDestination(tx: Tx, destination: NewDestination) {
  const [row] = await tx.insert(syslogDestinations).values(destination).returning();
  return row!;
}

export async function updateDestination(tx: Tx, accountId: string, id: string, changes: Partial<NewDestination>) {
  const [row] = await tx
    .update(syslogDestinations)
    .set(changes)
    .where(and(eq(syslogDestinations.accountId, accountId), eq(syslogDestinations.id, id)))
    .returning();
  return row;
}

export async function deleteDestination(tx: Tx, accountId: string, id: string) {
  const [row] = await tx
    .delete(syslogDestinations)
    .where(and(eq(syslogDestinations.accountId, accountId), eq(syslogDestinations.id, id)))
    .returning({ id: syslogDestinations.id });
  return row;
}

/**
 * Leases one enabled destination that has events waiting and is due, skipping any another process holds
 * (row lock now, or an unexpired lease while it sends outside any transaction).
 */
export async function leaseDueDestination(tx: Tx, owner: string, leaseMs: number) {
  const result = (await tx.execute(sql`
    update syslog_destinations set lease_owner = ${owner}, lease_until = now() + ${leaseMs} * interval '1 millisecond'
    where id = (
      select d.id from syslog_destinations d
      where d.enabled and d.next_attempt_at <= now() and (d.lease_until is null or d.lease_until < now())
        and exists (select 1 from syslog_outbox o where o.destination_id = d.id)
      order by d.next_attempt_at
      limit 1
      for update skip locked)
    returning id`)) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (!id) return undefined;
  const [row] = await tx.select().from(syslogDestinations).where(eq(syslogDestinations.id, id));
  return row;
}

/**
 * Seconds the oldest event waiting for an enabled destination has waited, 0 when none waits: each destination's first
 * row in event order, through the outbox's (destination, event) index, so a long backlog costs a scrape nothing.
 */
export async function outboxLagSeconds(tx: Tx): Promise<number> {
  const result = (await tx.execute(sql`
    select coalesce(extract(epoch from now() - min(w.oldest)), 0)::float8 as lag
    from (
      select (select o.created_at from syslog_outbox o where o.destination_id = d.id order by o.event_id limit 1) as oldest
      from syslog_destinations d where d.enabled
    ) w`)) as unknown as { rows: { lag: number }[] };
  return Number(result.rows[0]?.lag ?? 0);
}

/** The oldest waiting events of a destination, in event order, with the fields a syslog message carries. */
export async function readOutboxBatch(tx: Tx, destinationId: string, limit: number) {
  return tx
    .select({ outboxId: syslogOutbox.id, event: auditEvents })
    .from(syslogOutbox)
    .innerJoin(auditEvents, eq(auditEvents.id, syslogOutbox.eventId))
    .where(eq(syslogOutbox.destinationId, destinationId))
    .orderBy(asc(syslogOutbox.eventId))
    .limit(limit);
}

export async function markDelivered(
  tx: Tx,
  destinationId: string,
  owner: string,
  outboxIds: number[],
  last: { eventId: number; occurredAt: Date },
) {
  await tx.delete(syslogOutbox).where(inArray(syslogOutbox.id, outboxIds));
  await tx
    .update(syslogDestinations)
    .set({
      lastDeliveredEventId: sql`greatest(${syslogDestinations.lastDeliveredEventId}, ${last.eventId})`,
      lastDeliveredEventAt: sql`greatest(${syslogDestinations.lastDeliveredEventAt}, ${last.occurredAt.toISOString()}::timestamptz)`,
      lastDeliveredAt: sql`now()`,
      consecutiveFailures: 0,
      nextAttemptAt: sql`now()`,
      leaseOwner: null,
      leaseUntil: null,
    })
    .where(and(eq(syslogDestinations.id, destinationId), eq(syslogDestinations.leaseOwner, owner)));
}

export async function markFailed(tx: Tx, destinationId: string, owner: string, error: string, retryInMs: (failures: number) => number) {
  const [row] = await tx
    .select({ failures: syslogDestinations.consecutiveFailures })
    .from(syslogDestinations)
    .where(eq(syslogDestinations.id, destinationId));
  if (!row) return;
  const failures = row.failures + 1;
  await tx
    .update(syslogDestinations)
    .set({
      lastError: error,
      lastErrorAt: sql`now()`,
      consecutiveFailures: failures,
      nextAttemptAt: sql`now() + ${retryInMs(failures)} * interval '1 millisecond'`,
      leaseOwner: null,
      leaseUntil: null,
    })
    .where(and(eq(syslogDestinations.id, destinationId), eq(syslogDestinations.leaseOwner, owner)));
}
