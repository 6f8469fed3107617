import { lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { oauthPayloads } from '../db/schema/oauth.ts';
import { rateLimits, signInThrottle } from '../db/schema/platform.ts';
import { serviceSessions } from '../db/schema/services.ts';
import { sessions } from '../db/schema/sessions.ts';
import type { SessionTimeouts } from './session-store.ts';
import { SYSTEM_SCOPE, inScope } from './tenant-scope.ts';

const EVERY_MS = 5 * 60_000;

/**
 * Removes what can no longer matter: sessions past either timeout, finished rate-limit windows and expired
 * sign-in locks (an expired lock starts a fresh count anyway), and the authorization server's expired codes, tokens,
 * grants and interactions. Idempotent, so every server process may run it.
 */
export async function sweep(db: Db, timeouts: SessionTimeouts) {
  return inScope(db, SYSTEM_SCOPE, async (tx) => {
    const deadSessions = await tx
      .delete(sessions)
      .where(
        or(
          lt(sessions.expiresAt, sql`now()`),
          lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${timeouts.idleSeconds})`),
        ),
      )
      .returning({ id: sessions.idHash });
    await tx.delete(serviceSessions).where(lt(serviceSessions.expiresAt, sql`now()`));
    await tx.delete(rateLimits).where(lt(rateLimits.windowStart, sql`now() - interval '1 minute'`));
    // A wait long over: the next failure starts a fresh count (rows of ongoing attacks stay).
    await tx.delete(signInThrottle).where(lt(signInThrottle.nextAttemptAt, sql`now() - interval '1 day'`));
    await tx.delete(oauthPayloads).where(lt(oauthPayloads.expiresAt, sql`now()`));
    return { sessions: deadSessions.length };
  });
}

/** Sweeps every few minutes until stopped; a failed sweep is logged and tried again next time. */
export function startHousekeeping(db: Db, timeouts: SessionTimeouts, log: FastifyBaseLogger) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweep(db, timeouts).catch((err: unknown) => log.warn({ err }, 'housekeeping sweep failed'));
  }, EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
