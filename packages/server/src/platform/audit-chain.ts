import { createHash } from 'node:crypto';

/** The fields of an audit event that its hash covers, in a fixed order. */
export type ChainedFields = {
  accountId: string | null;
  seq: number;
  occurredAt: Date;
  actorUserId: string | null;
  actorUsername: string | null;
  action: string;
  target: string | null;
  outcome: string;
  reason: string | null;
  clientAddress: string;
  requestId: string;
};

export const GENESIS_HASH = '';

/** The chain an event belongs to: its account's, or the one for anonymous refusals. */
export function chainKey(accountId: string | null): string {
  return accountId ?? 'anonymous';
}

/** sha256 over the previous link and the event's fields; JSON makes the encoding unambiguous. */
export function linkHash(prevHash: string, event: ChainedFields): string {
  const fields = [
    event.accountId,
    event.seq,
    event.occurredAt.toISOString(),
    event.actorUserId,
    event.actorUsername,
    event.action,
    event.target,
    event.outcome,
    event.reason,
    event.clientAddress,
    event.requestId,
  ];
  return createHash('sha256').update(prevHash).update(JSON.stringify(fields)).digest('hex');
}
