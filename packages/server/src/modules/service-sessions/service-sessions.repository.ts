import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { serviceAllowedAddresses } from '../../db/schema/service-addresses.ts';
import { delegateCurrentServices, serviceSessions, serviceUsers, services } from '../../db/schema/services.ts';

export async function findService(tx: Tx, accountId: string, serviceId: string) {
  const [row] = await tx
    .select({ id: services.id, name: services.name, status: services.status, useJwt: services.useJwt })
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.accountId, accountId)));
  return row ?? null;
}

export async function findServiceUserId(tx: Tx, serviceId: string, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: serviceUsers.id })
    .from(serviceUsers)
    .where(and(eq(serviceUsers.serviceId, serviceId), eq(serviceUsers.userId, userId)));
  return row?.id ?? null;
}

/** What holds a service session: a person's console session, or a delegate (its credential or OAuth grant). */
export type Holder = { consoleSessionHash: string } | { delegateKey: string };

function heldBy(holder: Holder) {
  return 'delegateKey' in holder ? eq(serviceSessions.delegateKey, holder.delegateKey) : eq(serviceSessions.consoleSessionHash, holder.consoleSessionHash);
}

/** Opens (or renews) the holder's one session on the service. */
export async function upsertSession(
  tx: Tx,
  holder: Holder,
  session: { accountId: string; serviceId: string; serviceUserId: string; idleSeconds: number },
) {
  const expiresAt = sql`now() + make_interval(secs => ${session.idleSeconds})`;
  const [row] = await tx
    .insert(serviceSessions)
    .values({ ...session, ...holder, expiresAt })
    .onConflictDoUpdate({
      target: 'delegateKey' in holder ? [serviceSessions.delegateKey, serviceSessions.serviceId] : [serviceSessions.consoleSessionHash, serviceSessions.serviceId],
      // A new id at every login: a token of the previous session stops working.
      set: { id: sql`gen_random_uuid()`, serviceUserId: session.serviceUserId, createdAt: sql`now()`, expiresAt },
    })
    .returning({ id: serviceSessions.id, expiresAt: serviceSessions.expiresAt });
  return row!;
}

export async function findLiveSession(tx: Tx, holder: Holder, serviceId: string) {
  const [row] = await tx
    .select({ id: serviceSessions.id, expiresAt: serviceSessions.expiresAt })
    .from(serviceSessions)
    .where(
      and(
        heldBy(holder),
        eq(serviceSessions.serviceId, serviceId),
        sql`${serviceSessions.expiresAt} > now()`,
      ),
    );
  return row ?? null;
}

export async function deleteSession(tx: Tx, holder: Holder, serviceId: string): Promise<boolean> {
  const rows = await tx
    .delete(serviceSessions)
    .where(and(heldBy(holder), eq(serviceSessions.serviceId, serviceId)))
    .returning({ id: serviceSessions.id });
  return rows.length > 0;
}

/** Ends a delegate's service sessions and forgets its current service. */
export async function forgetDelegate(tx: Tx, delegateKey: string): Promise<void> {
  await tx.delete(serviceSessions).where(eq(serviceSessions.delegateKey, delegateKey));
  await tx.delete(delegateCurrentServices).where(eq(delegateCurrentServices.delegateKey, delegateKey));
}

/** The service's allowed addresses and ranges; none means every address. */
export async function allowedRanges(tx: Tx, serviceId: string): Promise<string[]> {
  const rows = await tx.select({ range: serviceAllowedAddresses.ipAddress }).from(serviceAllowedAddresses).where(eq(serviceAllowedAddresses.serviceId, serviceId));
  return rows.map((row) => row.range);
}
