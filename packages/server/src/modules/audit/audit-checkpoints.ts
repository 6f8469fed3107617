import type { ChainCheckpoint } from '@keydeck/contract/audit';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/database.ts';
import { chainKey } from '../../platform/audit-chain.ts';
import type { CheckpointLog, SealedCheckpoint } from '../../platform/audit-checkpoint-log.ts';
import type { Egress } from '../../platform/egress-policy.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import { sendCheckpoints } from '../syslog/syslog.service.ts';
import { checkpointRound } from '../../platform/metrics.ts';
import * as repo from './audit.repository.ts';

export type Written = { accountId: string | null; checkpoint: SealedCheckpoint };

/**
 * Checkpoints each chain (the given ones, else every one) whose head moved past its latest checkpoint. Never one
 * behind it: a head moved back (a cut tail) must not be vouched for, the older checkpoint goes on reporting it.
 */
export async function takeCheckpoints(tx: Tx, log: CheckpointLog, chains?: string[]): Promise<Written[]> {
  const heads = await repo.chainHeads(tx, chains);
  const due = heads.filter((head) => head.seq > (log.latest(head.chain)?.seq ?? 0));
  const at = new Date().toISOString();
  const sealed = log.append(due.map((head) => ({ chain: head.chain, seq: head.seq, hash: head.hash, at })));
  return sealed.map((checkpoint, i) => ({ accountId: due[i]!.accountId, checkpoint }));
}

/** A checkpoint on demand of one account's chain, or of every chain: what it wrote, and each chain's latest. */
export async function checkpointNow(
  tx: Tx,
  log: CheckpointLog,
  accountIds: (string | null)[] | 'every',
): Promise<{ written: Written[]; checkpoints: ChainCheckpoint[] }> {
  const accounts = accountIds === 'every' ? (await repo.everyChain(tx)).map((chain) => chain.accountId) : accountIds;
  const written = await takeCheckpoints(tx, log, accounts.map(chainKey));
  const checkpoints = accounts.flatMap((accountId) => {
    const latest = log.latest(chainKey(accountId));
    return latest ? [{ account_id: accountId, seq: latest.seq, hash: latest.hash, at: latest.at }] : [];
  });
  return { written, checkpoints };
}

/** Sends new checkpoints of accounts' chains to those accounts' syslog destinations (the syslog module's job). */
export async function deliverCheckpoints(db: Db, egress: Egress, written: Written[], logger: FastifyBaseLogger): Promise<void> {
  const sealed = written.flatMap(({ accountId, checkpoint }) => (accountId ? [{ accountId, checkpoint }] : []));
  await sendCheckpoints(db, egress, sealed, logger);
}

/** Checkpoints every chain that moved, at start and then every intervalSeconds, in every server process. */
export function startAuditCheckpoints(
  deps: { db: Db; egress: Egress; log: CheckpointLog; intervalSeconds: number },
  logger: FastifyBaseLogger,
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function tick(): Promise<void> {
    try {
      const written = await inScope(deps.db, SYSTEM_SCOPE, (tx) => takeCheckpoints(tx, deps.log));
      await deliverCheckpoints(deps.db, deps.egress, written, logger);
      checkpointRound.setToCurrentTime();
    } catch (err) {
      logger.error({ err }, 'audit checkpoint failed; will retry');
    }
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(() => schedule(deps.intervalSeconds * 1000));
    }, delayMs);
    timer.unref();
  }

  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
