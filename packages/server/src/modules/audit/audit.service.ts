import {
  AUDIT_CSV_COLUMNS,
  type AuditEvent,
  type AuditFilters,
  type AuditListQuery,
  MAX_LISTED_BREAKS,
  type ChainBreak,
  type ChainVerification,
} from '@keydeck/contract/audit';
import { Messages } from '@keydeck/contract/messages';
import type { Tx } from '../../db/database.ts';
import { GENESIS_HASH, chainKey, linkMac } from '../../platform/audit-chain.ts';
import { idsOf, joinedNames, targetNames } from '../../platform/audit-names.ts';
import type { CheckpointLog } from '../../platform/audit-checkpoint-log.ts';
import * as repo from './audit.repository.ts';
import { totalFields } from '../../platform/list-count.ts';
import { csvLine } from '../../platform/csv.ts';

const EXPORT_BATCH = 1000;
const VERIFY_BATCH = 1000;

export async function listEvents(tx: Tx, accountId: string | null, query: AuditListQuery) {
  const { rows, total, next_cursor, prev_cursor } = await repo.listEvents(tx, accountId, query);
  return { data: await withBestNames(tx, rows.map(toWire)), ...totalFields(total), next_cursor, prev_cursor };
}

/**
 * Events recorded with a bare id (before targets carried names) read by the best name known: the object's own, as
 * far as the reader may see it, else the name another event of its account recorded for the same id (a deleted one).
 */
async function withBestNames(tx: Tx, events: AuditEvent[]): Promise<AuditEvent[]> {
  const bare = events.filter((event) => !event.target_name && idsOf(event.target).length > 0);
  if (bare.length === 0) return events;
  const ids = bare.flatMap((event) => idsOf(event.target));
  const names = await targetNames(tx, ids);
  const recorded = await repo.recordedNames(tx, ids.filter((id) => !names.has(id)));
  return events.map((event) => {
    if (event.target_name) return event;
    const ids = idsOf(event.target);
    const known = new Map([...(recorded.get(event.account_id ?? '') ?? []), ...names]);
    return { ...event, target_name: joinedNames(ids, known) ?? null };
  });
}

/** Streams matching events as CSV, batch by batch, to `write` (which may wait for the client to drain). */
export async function exportCsv(tx: Tx, accountId: string | null, filters: AuditFilters, write: (chunk: string) => Promise<void>) {
  await write(csvLine(AUDIT_CSV_COLUMNS));
  const where = await repo.matching(tx, accountId, filters);
  let afterId = 0;
  for (;;) {
    const batch = await repo.exportBatch(tx, where, afterId, EXPORT_BATCH);
    if (batch.length === 0) return;
    await write(batch.map((row) => csvLine(AUDIT_CSV_COLUMNS.map((column) => csvValue(row, column)))).join(''));
    afterId = batch.at(-1)!.id;
  }
}

/**
 * Walks a chain (an account's, or the anonymous one) from its first link, recomputing every link under the audit
 * key, and reports every link that does not hold: edited (link mismatch), removed (a sequence gap or a head beyond
 * the last link) or re-linked. It goes on past a break, re-anchoring on the stored link, so one change cannot hide
 * the ones after it. A plain SHA-256 link (written before the audit key existed) proves nothing against a rewrite,
 * so it is reported too. Last, the chain must reach the latest checkpoint sealed outside the database, with the
 * link it vouched for: a cut tail with its head moved back, or a chain removed with its head, is a break.
 */
export async function verifyChain(
  tx: Tx,
  auditKey: Uint8Array,
  checkpoints: CheckpointLog,
  accountId: string | null,
  accountName: string | null,
): Promise<ChainVerification> {
  const checkpoint = checkpoints.latest(chainKey(accountId));
  let vouchedHash: string | undefined;
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  let checked = 0;
  const breaks: ChainBreak[] = [];
  let breakCount = 0;
  const broken = (row: Pick<repo.AuditRow, 'id' | 'seq' | 'occurredAt'> | undefined, problem: string) => {
    breakCount += 1;
    if (breaks.length < MAX_LISTED_BREAKS) {
      breaks.push({ id: row?.id ?? 0, seq: row?.seq ?? expectedSeq, occurred_at: row?.occurredAt.toISOString() ?? '', problem });
    }
  };

  for (let afterSeq = 0; ; ) {
    const batch = await repo.chainBatch(tx, accountId, afterSeq, VERIFY_BATCH);
    for (const row of batch) {
      if (row.seq !== expectedSeq) broken(row, row.seq - expectedSeq === 1 ? `event ${expectedSeq} is missing` : `events ${expectedSeq}-${row.seq - 1} are missing`);
      if (row.prevHash !== prevHash) broken(row, 'does not link to the event before it');
      if (!row.keyed) broken(row, 'not sealed with the audit key: written before it existed, or rewritten');
      else if (linkMac(auditKey, row.prevHash, row) !== row.hash) broken(row, 'its contents were changed after it was written');
      if (row.seq === checkpoint?.seq) vouchedHash = row.hash;
      prevHash = row.hash;
      expectedSeq = row.seq + 1;
      checked += 1;
    }
    if (batch.length < VERIFY_BATCH) break;
    afterSeq = batch.at(-1)!.seq;
  }
  const head = await repo.chainHead(tx, chainKey(accountId));
  if (head && head.seq >= expectedSeq) broken(undefined, `the newest ${head.seq - expectedSeq + 1} event(s) were removed`);
  else if (head && head.hash !== prevHash) broken(undefined, 'the newest event does not match the chain head');
  if (checkpoint) {
    const mark = { id: 0, seq: checkpoint.seq, occurredAt: new Date(checkpoint.at) };
    if (checked === 0) broken(mark, Messages.auditChainRemoved(checkpoint.seq, checkpoint.at));
    else if (expectedSeq <= checkpoint.seq) broken(mark, Messages.auditTailRemoved(expectedSeq, checkpoint.seq, checkpoint.at));
    else if (vouchedHash !== undefined && vouchedHash !== checkpoint.hash) broken(mark, Messages.auditCheckpointMismatch(checkpoint.seq, checkpoint.at));
  }
  return { account_id: accountId, account_name: accountName, checked, intact: breakCount === 0, breaks, break_count: breakCount };
}

/** The chain of one account, named. */
export async function verifyAccountChain(tx: Tx, auditKey: Uint8Array, checkpoints: CheckpointLog, accountId: string): Promise<ChainVerification> {
  return verifyChain(tx, auditKey, checkpoints, accountId, await repo.accountName(tx, accountId));
}

/** Every account's chain and the anonymous one, for platform administrators. */
export async function verifyEveryChain(tx: Tx, auditKey: Uint8Array, checkpoints: CheckpointLog): Promise<ChainVerification[]> {
  const chains = await repo.everyChain(tx);
  const results: ChainVerification[] = [];
  for (const chain of chains) results.push(await verifyChain(tx, auditKey, checkpoints, chain.accountId, chain.accountName));
  return results;
}

function toWire(row: repo.AuditRow): AuditEvent {
  return {
    id: row.id,
    account_id: row.accountId,
    occurred_at: row.occurredAt.toISOString(),
    actor_username: row.actorUsername,
    action: row.action,
    target: row.target,
    target_name: row.targetName,
    outcome: row.outcome,
    reason: row.reason,
    client_address: row.clientAddress,
    request_id: row.requestId,
    seq: row.seq,
  };
}

function csvValue(row: repo.AuditRow, column: (typeof AUDIT_CSV_COLUMNS)[number]): string | number | null {
  switch (column) {
    case 'occurred_at':
      return row.occurredAt.toISOString();
    case 'account_id':
      return row.accountId;
    case 'actor_username':
      return row.actorUsername;
    case 'client_address':
      return row.clientAddress;
    case 'request_id':
      return row.requestId;
    default:
      return row[column];
  }
}
