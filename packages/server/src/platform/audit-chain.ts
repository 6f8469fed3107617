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
  /** The target's name the screen shows; covered from link format 2 on. */
  targetName?: string | null;
  /** Which fields the link covers: absent or 1 for links written before format 2. */
  linkFormat?: number;
};

/**
 * The link format new events are written with. Format 1 left target_name outside the link; format 2 covers every
 * field the audit screen shows. Old events keep format 1 and still verify; the format itself is inside the
 * format-2 encoding, so turning a new event into an old one breaks its link.
 */
export const LINK_FORMAT = 2;

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
  const format = event.linkFormat ?? 1;
  return JSON.stringify(format === 1 ? fields : [format, ...fields, event.targetName ?? null]);
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
