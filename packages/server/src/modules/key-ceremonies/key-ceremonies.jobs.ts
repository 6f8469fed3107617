import { randomUUID } from 'node:crypto';
import { KeyCeremonyMessages } from '@keydeck/contract/key-ceremonies';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-sql.ts';
import { writeSystemAuditEvent } from '../../platform/audit.ts';
import type { KeyAlgorithm, KeyHandle, Keystore } from '../../platform/keystore.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import * as repo from './key-ceremonies.repository.ts';
import * as exportsRepo from './key-component-exports.repository.ts';
import { unrevealed } from './key-component-exports.service.ts';

const EVERY_MS = 60_000;
const BATCH = 100;

type ExpiryDeps = { db: Db; keystore: Keystore; auditKey: Uint8Array };

/**
 * Ends every open ceremony and every open component export past its expiry (each account's, in the system
 * scope), audits it, and destroys what it holds in the keystore (a ceremony's combination, an export's components
 * not revealed) once that is committed: nothing of an expired one's components is left. Idempotent, so every
 * server process may run it. Answers how many it ended.
 */
export async function expireCeremonies(deps: ExpiryDeps): Promise<number> {
  return (await expireCeremoniesOnly(deps)) + (await expireComponentExports(deps));
}

async function expireCeremoniesOnly({ db, keystore, auditKey }: ExpiryDeps): Promise<number> {
  const jobId = randomUUID();
  const ended = await inScope(db, SYSTEM_SCOPE, async (tx) => {
    const overdue = await repo.overdue(tx, BATCH);
    for (const ceremony of overdue) {
      await repo.end(tx, ceremony.id, 'expired', KeyCeremonyMessages.expired);
      const [service] = await rowsOf<{ name: string }>(tx, sql`select name from services where id = ${ceremony.service_id}`);
      await writeSystemAuditEvent(tx, auditKey, {
        accountId: ceremony.account_id,
        action: 'key_ceremony.expire',
        target: `${service?.name ?? ceremony.service_id}: ceremony for ${ceremony.name}`,
        jobId,
      });
    }
    return overdue;
  });
  for (const ceremony of ended) {
    if (ceremony.partial_ref) {
      await keystore.destroy({ id: ceremony.partial_id!, algorithm: ceremony.algorithm as KeyAlgorithm, exportable: true, ref: ceremony.partial_ref });
    }
  }
  return ended.length;
}

async function expireComponentExports({ db, keystore, auditKey }: ExpiryDeps): Promise<number> {
  const jobId = randomUUID();
  const doomed = await inScope(db, SYSTEM_SCOPE, async (tx) => {
    const overdue = await exportsRepo.overdue(tx, BATCH);
    const handles: KeyHandle[] = [];
    for (const row of overdue) {
      const components = await exportsRepo.componentsOf(tx, [row.id]);
      handles.push(...unrevealed(row, components));
      await exportsRepo.end(tx, row.id, 'expired', KeyCeremonyMessages.exportExpired);
      const [service] = await rowsOf<{ name: string }>(tx, sql`select name from services where id = ${row.service_id}`);
      const waiting = components.filter((c) => c.revealed_at === null).map((c) => `${c.position} of ${c.username} (KCV ${c.kcv})`);
      await writeSystemAuditEvent(tx, auditKey, {
        accountId: row.account_id,
        action: 'key_component_export.expire',
        target: `${service?.name ?? row.service_id}: export of ${row.key_name} (KCV ${row.kcv}); components destroyed unrevealed: ${waiting.join(', ') || 'none'}`,
        jobId,
      });
    }
    return { count: overdue.length, handles };
  });
  // Each is tried even when one fails (its reference is already gone from the row); the first failure is reported.
  let failure: unknown = null;
  for (const handle of doomed.handles) await keystore.destroy(handle).catch((error: unknown) => (failure ??= error));
  if (failure) throw failure;
  return doomed.count;
}

export type CeremonyExpiry = { stop(): Promise<void>; /** Expires what is due now (tests). */ tick(): Promise<number> };

/** Looks for expired ceremonies every minute until stopped; a failed look is logged and tried again. */
export function startCeremonyExpiry(deps: ExpiryDeps, log: FastifyBaseLogger): CeremonyExpiry {
  let running: Promise<unknown> = Promise.resolve();
  const look = () => expireCeremonies(deps).catch((err: unknown) => (log.warn({ err }, 'expiring key ceremonies failed'), 0));
  const timer = setInterval(() => {
    running = look();
  }, EVERY_MS);
  timer.unref();
  return {
    async tick() {
      await running;
      const now = look();
      running = now;
      return now;
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
