import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rateLimits } from '../db/schema/platform.ts';
import { SYSTEM_SCOPE, inScope } from './tenant-scope.ts';

/**
 * Fixed one-minute windows counted in the database, so every server process shares them.
 * Returns how long to wait when the limit is exceeded, or null when the request may go ahead.
 */
export async function hitRateLimit(db: Db, key: string, perMinute: number): Promise<number | null> {
  const expired = sql`${rateLimits.windowStart} <= now() - interval '1 minute'`;
  const [row] = await inScope(db, SYSTEM_SCOPE, (tx) =>
    tx
      .insert(rateLimits)
      .values({ key, windowStart: sql`now()`, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
          hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        },
      })
      .returning({
        hits: rateLimits.hits,
        retryAfter: sql<number>`extract(epoch from ${rateLimits.windowStart} + interval '1 minute' - now())::float8`,
      }),
  );
  if (!row || row.hits <= perMinute) return null;
  return row.retryAfter;
}
