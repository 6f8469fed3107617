import { z } from 'zod';
import { caCertificatePem } from './certificate-pem.ts';
import { pageOf } from './paging.ts';
import { distinctName } from './names.ts';

export { syslogConfigsListQuery, type SyslogConfigsListQuery } from './syslog-queries.ts';

/** Transports a syslog server can be reached by: RFC 5426 (UDP), RFC 6587 (TCP), RFC 5425 (TLS). */
export const SYSLOG_PROTOCOLS = ['udp', 'tcp', 'tls'] as const;
export type SyslogProtocol = (typeof SYSLOG_PROTOCOLS)[number];

export const SYSLOG_PROTOCOL_LABELS: Record<SyslogProtocol, string> = { udp: 'UDP', tcp: 'TCP', tls: 'TLS' };

/** RFC 5424 §6.2.1 facility codes and their names, for the facility picker. */
export const SYSLOG_FACILITIES = [
  'kernel messages',
  'user-level messages',
  'mail system',
  'system daemons',
  'security/authorization messages',
  'messages generated internally by syslogd',
  'line printer subsystem',
  'network news subsystem',
  'UUCP subsystem',
  'clock daemon',
  'security/authorization messages (private)',
  'FTP daemon',
  'NTP subsystem',
  'log audit',
  'log alert',
  'clock daemon (note 2)',
  'local use 0 (local0)',
  'local use 1 (local1)',
  'local use 2 (local2)',
  'local use 3 (local3)',
  'local use 4 (local4)',
  'local use 5 (local5)',
  'local use 6 (local6)',
  'local use 7 (local7)',
] as const;

/** Audit events are sent as facility 13, 'log audit', unless the customer picks another. */
export const DEFAULT_SYSLOG_FACILITY = 13;

function isHost(value: string): boolean {
  return z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success || z.hostname().safeParse(value).success;
}

/** What a customer administrator enters for a syslog server; one form serves create and edit (PUT replaces). */
export const syslogConfigFields = z.object({
  name: distinctName(z.string().trim().min(1, 'Enter a name').max(100)),
  host: z.string().trim().min(1, 'Enter a host name or IP address').max(253).refine(isHost, 'Enter a host name or IP address'),
  port: z.number().int('Port must be a whole number').min(1, 'Port must be 1-65535').max(65535, 'Port must be 1-65535'),
  protocol: z.enum(SYSLOG_PROTOCOLS, 'Protocol must be udp, tcp or tls'),
  facility: z.number().int().min(0, 'Facility must be 0-23').max(23, 'Facility must be 0-23').default(DEFAULT_SYSLOG_FACILITY),
  enabled: z.boolean().default(true),
  /** TLS only: PEM of the CA (or self-signed certificate) to trust instead of the system's CAs. Public, never a key. */
  ca_certificate: caCertificatePem
    .nullable()
    .default(null)
    .transform((pem) => (pem ? pem : null)),
});
export type SyslogConfigFields = z.infer<typeof syslogConfigFields>;

/**
 * Where delivery to one server stands, for the screen: lag is the number of audit events not yet delivered;
 * failing means the last attempt failed and the next one waits until next_attempt_at.
 */
export const syslogDelivery = z.object({
  state: z.enum(['ok', 'failing', 'disabled']),
  lag: z.number().int().min(0),
  last_delivered_event_id: z.number().int().nullable(),
  last_delivered_event_at: z.string().nullable(),
  last_delivered_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  consecutive_failures: z.number().int().min(0),
  next_attempt_at: z.string().nullable(),
});

export const syslogConfig = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  protocol: z.enum(SYSLOG_PROTOCOLS),
  facility: z.number().int(),
  enabled: z.boolean(),
  ca_certificate: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  delivery: syslogDelivery,
});
export type SyslogConfig = z.infer<typeof syslogConfig>;

export const syslogAccountParams = z.object({ account_id: z.uuid('Not a valid account id') });
export const syslogConfigParams = syslogAccountParams.extend({ config_id: z.uuid('Not a valid syslog configuration id') });

export const syslogConfigsPage = pageOf(syslogConfig);
export const syslogConfigResponse = z.object({ syslog_config: syslogConfig });
export const syslogConfigDeleted = z.object({ deleted: z.string() });

/** POST .../{id}/test: a test message was sent synchronously; delivered is false with the error when it was not. */
export const syslogTestResponse = z.object({
  test_result: z.object({ delivered: z.boolean(), error: z.string().nullable(), sent_at: z.string() }),
});
