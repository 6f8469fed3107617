import { SYSLOG_FACILITIES } from '@keydeck/contract/syslog';

/**
 * The keywords syslog servers use for facility codes 0-23 (rsyslog, syslog-ng), in code order; the
 * contract's SYSLOG_FACILITIES holds RFC 5424's descriptions of the same codes.
 */
export const FACILITY_KEYWORDS = [
  'kern',
  'user',
  'mail',
  'daemon',
  'auth',
  'syslog',
  'lpr',
  'news',
  'uucp',
  'cron',
  'authpriv',
  'ftp',
  'ntp',
  'log audit',
  'log alert',
  'clock',
  'local0',
  'local1',
  'local2',
  'local3',
  'local4',
  'local5',
  'local6',
  'local7',
] as const satisfies { length: (typeof SYSLOG_FACILITIES)['length'] };

/** "local0 (16)": how the list and the picker name a facility code. */
export function facilityLabel(code: number): string {
  const keyword = FACILITY_KEYWORDS[code];
  return keyword === undefined ? String(code) : `${keyword} (${code})`;
}

/** Select options, value = the code as text. */
export const FACILITY_OPTIONS = FACILITY_KEYWORDS.map((_, code) => ({ value: String(code), label: facilityLabel(code) }));

/** RFC 5424's description, shown under each option. */
export function facilityDescription(code: number): string {
  return SYSLOG_FACILITIES[code] ?? '';
}
