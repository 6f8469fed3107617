import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/raw-sql.ts';
import type { Principal } from './principal.ts';
import type { ServiceSessionRow } from './service-access.ts';

/**
 * A delegate's live service session on the service wanted, else on its current service (keydeck_delegate_service_session,
 * migration 0055): one statement after the delegate's principal, which its token's own lookup answered.
 */
export async function delegateServiceSession(db: Db, principal: Principal, serviceId: string | null, idleSeconds: number): Promise<ServiceSessionRow | null> {
  const [row] = await rowsOf<{ session: ServiceSessionRow | null }>(
    db,
    sql`select keydeck_delegate_service_session(${principal.delegate!.key}, ${principal.account.id}, ${serviceId}::uuid, ${idleSeconds}) as session`,
  );
  return row?.session ?? null;
}
