import { describe, expect, it } from 'vitest';
import { escapeParamValue, formatAuditEvent, formatMessage, octetCounted, type AuditEventRecord } from './rfc5424.ts';

const event: AuditEventRecord = {
  id: 42,
  accountId: '6f1c1f0e-1111-4222-8333-444455556666',
  seq: 7,
  occurredAt: new Date('2025-03-04T05:06:07.089Z'),
  actorUserId: null,
  actorUsername: 'ada',
  action: 'auth.login',
  target: 'ada',
  outcome: 'refused',
  reason: 'invalid_credentials',
  clientAddress: '127.0.0.1',
  requestId: 'req-1',
  hash: 'abc',
};
const origin = { facility: 13, hostname: 'kd-1', procId: '99' };

describe('RFC 5424 formatting', () => {
  it('writes the header, the event as structured data and a readable summary', () => {
    expect(formatAuditEvent(event, origin)).toBe(
      '<108>1 2025-03-04T05:06:07.089Z kd-1 keydeck 99 auth.login ' +
        '[keydeck@32473 event_id="42" account_id="6f1c1f0e-1111-4222-8333-444455556666" seq="7" action="auth.login"' +
        ' outcome="refused" actor="ada" target="ada" reason="invalid_credentials" client_address="127.0.0.1"' +
        ' request_id="req-1" hash="abc"] auth.login refused by ada on ada (invalid_credentials)',
    );
  });

  it('computes PRI from facility and the outcome severity', () => {
    expect(formatAuditEvent({ ...event, outcome: 'success' }, { ...origin, facility: 16 })).toMatch(/^<133>1 /);
    expect(formatAuditEvent({ ...event, outcome: 'failure' }, { ...origin, facility: 0 })).toMatch(/^<3>1 /);
  });

  it('escapes quote, backslash and closing bracket in parameter values (§6.3.3)', () => {
    expect(escapeParamValue('a"b\\c]d')).toBe('a\\"b\\\\c\\]d');
    const line = formatAuditEvent({ ...event, target: 'x"] [evil@1 a="b' }, origin);
    expect(line).toContain('target="x\\"\\] [evil@1 a=\\"b"');
  });

  it('never lets a user-chosen text break the line', () => {
    const line = formatAuditEvent({ ...event, actorUsername: 'eve\n<13>1 forged', target: 'a\r\nb' }, origin);
    expect(line).not.toMatch(/[\r\n]/);
    expect(line).toContain('actor="eve\uFFFD<13>1 forged"');
  });

  it('keeps header fields printable ASCII, bounded, and nil when empty', () => {
    const line = formatMessage({
      facility: 1,
      severity: 6,
      timestamp: new Date(0),
      hostname: 'host name',
      appName: 'keydeck',
      procId: '',
      msgId: 'x'.repeat(40),
      structuredData: [],
      msg: '',
    });
    expect(line).toBe(`<14>1 1970-01-01T00:00:00.000Z host_name keydeck - ${'x'.repeat(32)} -`);
  });

  it('leaves out parameters without a value', () => {
    expect(formatAuditEvent({ ...event, target: null, reason: null }, origin)).not.toMatch(/target=|reason=/);
  });

  it('bounds long values so every message fits a datagram', () => {
    const line = formatAuditEvent({ ...event, target: 'y'.repeat(100_000) }, origin);
    expect(Buffer.byteLength(line)).toBeLessThan(8192);
  });

  it('frames by octet count in bytes, not characters (RFC 6587)', () => {
    expect(octetCounted('héllo').toString('utf8')).toBe('6 héllo');
  });
});
