import type { AuditOutcome } from '@keydeck/contract/audit';
import type { ChainedFields } from '../../platform/audit-chain.ts';

/**
 * RFC 5424 messages and RFC 6587 octet-counted framing: pure functions, no I/O.
 * Header fields are restricted to printable US-ASCII (§6); structured-data values escape '"', '\' and ']'
 * (§6.3.3). Control characters in any field become U+FFFD, so a user-chosen text (a username typed at
 * sign-in) can never forge a line break or a second record in a receiver that splits on new lines.
 */

export const APP_NAME = 'keydeck';
/** SD-ID of the audit fields: a private name under 32473, the enterprise number reserved for documentation (RFC 5612). */
export const SD_ID = 'keydeck@32473';
const NIL = '-';
/** Bounds keep every message far below a UDP datagram's limit, so no event can be undeliverable by size. */
const MAX_VALUE_CHARS = 1024;
const MAX_MSG_CHARS = 2048;

export const Severity = { error: 3, warning: 4, notice: 5, informational: 6 } as const;

export type SyslogMessage = {
  facility: number;
  severity: number;
  timestamp: Date;
  hostname: string;
  appName: string;
  procId: string;
  msgId: string | null;
  structuredData: { id: string; params: [string, string | number | null][] }[];
  msg: string;
};

/** The audit event fields that travel to syslog (those its chain link covers, but the name, and its id and hash); it never holds a secret. */
export type AuditEventRecord = Omit<ChainedFields, 'outcome' | 'targetName' | 'linkFormat'> & { id: number; outcome: AuditOutcome; hash: string };

export function formatMessage(m: SyslogMessage): string {
  const pri = m.facility * 8 + m.severity;
  const header = [
    `<${pri}>1`,
    m.timestamp.toISOString(),
    headerField(m.hostname, 255),
    headerField(m.appName, 48),
    headerField(m.procId, 128),
    headerField(m.msgId, 32),
  ].join(' ');
  const sd = m.structuredData.length === 0 ? NIL : m.structuredData.map(element).join('');
  return m.msg ? `${header} ${sd} ${clean(m.msg).slice(0, MAX_MSG_CHARS)}` : `${header} ${sd}`;
}

const OUTCOME_SEVERITY = { success: Severity.notice, partial: Severity.warning, refused: Severity.warning, failure: Severity.error } as const;

/** One audit event as one syslog message: MSGID is the action, the event's fields are structured data. */
export function formatAuditEvent(event: AuditEventRecord, origin: { facility: number; hostname: string; procId: string }): string {
  const actor = event.actorUsername ?? NIL;
  const summary = `${event.action} ${event.outcome} by ${actor}${event.target ? ` on ${event.target}` : ''}${event.reason ? ` (${event.reason})` : ''}`;
  return formatMessage({
    ...origin,
    severity: OUTCOME_SEVERITY[event.outcome],
    timestamp: event.occurredAt,
    appName: APP_NAME,
    msgId: event.action,
    structuredData: [
      {
        id: SD_ID,
        params: [
          ['event_id', event.id],
          ['account_id', event.accountId],
          ['seq', event.seq],
          ['action', event.action],
          ['outcome', event.outcome],
          ['actor', event.actorUsername],
          ['actor_user_id', event.actorUserId],
          ['target', event.target],
          ['reason', event.reason],
          ['client_address', event.clientAddress],
          ['request_id', event.requestId],
          ['hash', event.hash],
        ],
      },
    ],
    msg: summary,
  });
}

/** RFC 6587 §3.4.1 octet counting: the length in bytes (not characters), a space, the message. */
export function octetCounted(message: string): Buffer {
  const body = Buffer.from(message, 'utf8');
  return Buffer.concat([Buffer.from(`${body.length} `, 'ascii'), body]);
}

function element(sd: SyslogMessage['structuredData'][number]): string {
  const params = sd.params
    .filter((p): p is [string, string | number] => p[1] !== null && p[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeParamValue(clean(String(value)).slice(0, MAX_VALUE_CHARS))}"`);
  return `[${sd.id}${params.join('')}]`;
}

/** RFC 5424 §6.3.3: '"', '\' and ']' are escaped with a backslash inside PARAM-VALUE. */
export function escapeParamValue(value: string): string {
  return value.replace(/["\\\]]/g, (c) => `\\${c}`);
}

/** Header fields: printable US-ASCII only, bounded, '-' when empty. */
function headerField(value: string | null, max: number): string {
  const printable = (value ?? '').replace(/[^\x21-\x7e]/g, '_').slice(0, max);
  return printable === '' ? NIL : printable;
}

// eslint-disable-next-line no-control-regex -- replacing control characters is the point
const CONTROL = /[\x00-\x1f\x7f]/g;

function clean(text: string): string {
  return text.replace(CONTROL, '\uFFFD');
}
