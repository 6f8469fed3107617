import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { provisioners } from '../../db/schema/infrastructure.ts';

export type Registration = { name: string; kind: string; host: string; capacity: number; version: string };

/**
 * Registers a provisioner by name, or refreshes its registration: kind, host, capacity and version as it reports
 * them, a heartbeat now. What the platform decides (its group, draining) stays.
 */
export async function register(tx: Tx, registration: Registration): Promise<string> {
  const [row] = await tx
    .insert(provisioners)
    .values(registration)
    .onConflictDoUpdate({
      target: provisioners.name,
      set: { kind: registration.kind, host: registration.host, capacity: registration.capacity, version: registration.version, lastHeartbeatAt: sql`now()` },
    })
    .returning({ id: provisioners.id });
  return row!.id;
}

/** Its server stopped in order: down at once, until a heartbeat after it (provisionerIsUp). */
export async function markStopped(tx: Tx, id: string): Promise<void> {
  await tx.update(provisioners).set({ stoppedAt: sql`now()` }).where(eq(provisioners.id, id));
}
