import {
  AUDIT_CSV_COLUMNS,
  type AuditEvent,
  type AuditFilters,
  type AuditListQuery,
  type ChainVerification,
} from '@keydeck/contract/audit';
import type { Tx } from '../../db/database.ts';
import { GENESIS_HASH, chainKey, linkHash } from '../../platform/audit-chain.ts';
import * as repo from './audit.repository.ts';
import { csvLine } from './audit-csv.ts';

const EXPORT_BATCH = 1000;
const VERIFY_BATCH = 1000;

export async function listEvents(tx: Tx, accountId: string | null, query: AuditListQuery) {
  const { rows, total } = await repo.listEvents(tx, accountId, query);
  return { data: rows.map(toWire), total };
}

/** Streams matching events as CSV, batch by batch, to `write` (which may wait for the client to drain). */
export async function exportCsv(tx: Tx, accountId: string | null, filters: AuditFilters, write: (chunk: string) => Promise<void>) {
  await write(csvLine(AUDIT_CSV_COLUMNS));
  let afterId = 0;
  for (;;) {
    const batch = await repo.exportBatch(tx, accountId, filters, afterId, EXPORT_BATCH);
    if (batch.length === 0) return;
    await write(batch.map((row) => csvLine(AUDIT_CSV_COLUMNS.map((column) => csvValue(row, column)))).join(''));
    afterId = batch.at(-1)!.id;
  }
}

/**
 * Walks an account's chain from the first link, recomputing every hash. Reports the first link that was
 * edited (hash mismatch), removed (sequence gap or a head beyond the last link) or re-linked.
 */
export async function verifyChain(tx: Tx, accountId: string | null): Promise<ChainVerification> {
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  let checked = 0;
  const broken = (row: repo.AuditRow | undefined, problem: string): ChainVerification => ({
    account_id: accountId,
    checked,
    intact: false,
    first_broken: {
      id: row?.id ?? 0,
      seq: row?.seq ?? expectedSeq,
      occurred_at: row?.occurredAt.toISOString() ?? '',
      problem,
    },
  });

  for (;;) {
    const batch = await repo.chainBatch(tx, accountId, expectedSeq - 1, VERIFY_BATCH);
    for (const row of batch) {
      if (row.seq !== expectedSeq) return broken(row, `event ${expectedSeq} is missing`);
      if (row.prevHash !== prevHash) return broken(row, 'does not link to the event before it');
      if (linkHash(prevHash, row) !== row.hash) return broken(row, 'its contents were changed after it was written');
      prevHash = row.hash;
      expectedSeq += 1;
      checked += 1;
    }
    if (batch.length < VERIFY_BATCH) break;
  }
  const head = await repo.chainHead(tx, chainKey(accountId));
  if (head && (head.seq !== checked || head.hash !== prevHash)) {
    return broken(undefined, `the newest ${head.seq - checked} event(s) were removed`);
  }
  return { account_id: accountId, checked, intact: true, first_broken: null };
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
