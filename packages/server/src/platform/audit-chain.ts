import { createHmac } from 'node:crypto';

/** The fields of an audit event that its link covers, in a fixed order. */
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

/**
 * HMAC-SHA256 under the audit key over the previous link and the event's fields (JSON makes the encoding
 * unambiguous). The key is never in the database, so whoever can write the database cannot recompute the links
 * after rewriting an event.
 */
export function linkMac(key: Uint8Array, prevHash: string, event: ChainedFields): string {
  return createHmac('sha256', key).update(prevHash).update(encoded(event)).digest('hex');
}

/** The event's fields as its link covers them. */
export function encoded(event: ChainedFields): string {
  return JSON.stringify([
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
  ]);
}

/**
 * The text an event stores, exactly as PostgreSQL will keep it: a lone surrogate would be stored as U+FFFD (and
 * NUL cannot be stored at all), so the link is computed over what is stored, not over what was sent.
 */
export function storable(text: string): string;
export function storable(text: string | null): string | null;
export function storable(text: string | null): string | null {
  return text === null ? null : text.toWellFormed().replaceAll('\u0000', '\ufffd');
}
