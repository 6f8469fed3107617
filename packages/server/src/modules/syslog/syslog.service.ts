import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { SyslogConfig, SyslogConfigFields, SyslogConfigsListQuery } from '@keydeck/contract/syslog';
import { Messages } from '@keydeck/contract/messages';
import type { Db, Tx } from '../../db/database.ts';
import { assertTrustAnchor } from '../../platform/certificate-pem.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import { SYSTEM_SCOPE, accountScope, inScope, type TenantScope } from '../../platform/tenant-scope.ts';
import { APP_NAME, SD_ID, Severity, formatMessage } from './rfc5424.ts';
import * as repo from './syslog.repository.ts';
import { sendSyslog } from './syslog.transport.ts';
import type { Egress } from '../../platform/egress-policy.ts';
import type { SealedCheckpoint } from '../../platform/audit-checkpoint-log.ts';
import { iso } from '../../db/raw-sql.ts';

export async function listConfigs(tx: Tx, accountId: string, query: SyslogConfigsListQuery) {
  if (!(await repo.accountExists(tx, accountId))) throw notFound();
  const { rows, total } = await repo.listDestinations(tx, accountId, query);
  return { data: rows.map((r) => toWire(r.destination, r.lag)), total };
}

export async function createConfig(tx: Tx, accountId: string, fields: SyslogConfigFields): Promise<SyslogConfig> {
  if (!(await repo.accountExists(tx, accountId))) throw notFound();
  await assertNameFree(tx, accountId, fields.name);
  assertTrustAnchor(fields.ca_certificate, 'ca_certificate');
  const row = await repo.insertDestination(tx, { accountId, ...columns(fields) });
  return toWire(row, 0);
}

/**
 * Replaces a configuration. Changing it clears the back-off, so waiting events go to the corrected server at
 * once; events recorded while a configuration was disabled were never queued for it and are not sent later.
 */
export async function updateConfig(tx: Tx, accountId: string, id: string, fields: SyslogConfigFields): Promise<SyslogConfig> {
  if (!(await repo.findDestination(tx, accountId, id))) throw notFound();
  await assertNameFree(tx, accountId, fields.name, id);
  assertTrustAnchor(fields.ca_certificate, 'ca_certificate');
  await repo.updateDestination(tx, accountId, id, { ...columns(fields), updatedAt: new Date(), consecutiveFailures: 0, nextAttemptAt: new Date() });
  const row = await repo.findDestination(tx, accountId, id);
  return toWire(row!.destination, row!.lag);
}

/** Deletes a configuration and, with it, the events still waiting for it. */
export async function deleteConfig(tx: Tx, accountId: string, id: string): Promise<void> {
  if (!(await repo.deleteDestination(tx, accountId, id))) throw notFound();
}

/**
 * Sends one test message to a saved configuration and reports the outcome. Reads in a transaction of its own
 * and sends after it ended: no transaction stays open during network I/O.
 */
export async function sendTestMessage(db: Db, egress: Egress, principal: Principal, accountId: string, id: string, requestId: string) {
  const scope: TenantScope = principal.platformAdmin ? { accountId: principal.account.id, bypass: true } : accountScope(accountId);
  const found = await inScope(db, scope, (tx) => repo.findDestination(tx, accountId, id));
  if (!found) throw notFound();
  const destination = found.destination;
  const sentAt = new Date();
  const message = formatMessage({
    facility: destination.facility,
    severity: Severity.informational,
    timestamp: sentAt,
    hostname: hostname(),
    appName: APP_NAME,
    procId: String(process.pid),
    msgId: 'syslog.test',
    structuredData: [{ id: 'keydeck@32473', params: [['request_id', requestId], ['config', destination.name], ['actor', principal.username]] }],
    msg: `Keydeck test message for syslog server '${destination.name}'`,
  });
  const error = await sendSyslog(destination, [message], egress).then(
    () => null,
    (err: unknown) => (err instanceof Error ? err.message : String(err)),
  );
  return { delivered: error === null, error, sent_at: sentAt.toISOString() };
}

/**
 * Sends audit checkpoints to their accounts' enabled destinations, a second copy out of a database writer's reach.
 * Best effort and outside any request: a destination that is down is logged, and the next checkpoint carries the
 * chain's state again.
 */
export async function sendCheckpoints(db: Db, egress: Egress, sealed: { accountId: string; checkpoint: SealedCheckpoint }[], logger: FastifyBaseLogger): Promise<void> {
  const accountIds = [...new Set(sealed.map((s) => s.accountId))];
  if (accountIds.length === 0) return;
  const destinations = await inScope(db, SYSTEM_SCOPE, (tx) => repo.enabledDestinations(tx, accountIds));
  const origin = { hostname: hostname(), procId: String(process.pid) };
  await Promise.all(
    destinations.map((destination) => {
      const messages = sealed
        .filter((s) => s.accountId === destination.accountId)
        .map(({ checkpoint: c }) =>
          formatMessage({
            ...origin,
            facility: destination.facility,
            severity: Severity.notice,
            timestamp: new Date(c.at),
            appName: APP_NAME,
            msgId: 'audit.checkpoint',
            structuredData: [{ id: SD_ID, params: [['chain', c.chain], ['seq', c.seq], ['hash', c.hash], ['mac', c.mac]] }],
            msg: `audit checkpoint: chain ${c.chain} at event ${c.seq}`,
          }),
        );
      return sendSyslog(destination, messages, egress).catch((err: unknown) =>
        logger.warn({ destination: destination.id, error: err instanceof Error ? err.message : String(err) }, 'audit checkpoint not sent to syslog'),
      );
    }),
  );
}

async function assertNameFree(tx: Tx, accountId: string, name: string, exceptId?: string) {
  if (await repo.nameTaken(tx, accountId, name, exceptId)) throw badRequest({ name: [Messages.syslogNameTaken] });
}

function columns(fields: SyslogConfigFields) {
  return {
    name: fields.name,
    host: fields.host,
    port: fields.port,
    protocol: fields.protocol,
    facility: fields.facility,
    enabled: fields.enabled,
    caCertificate: fields.protocol === 'tls' ? fields.ca_certificate : null,
  };
}


function toWire(row: repo.DestinationRow, lag: number): SyslogConfig {
  const failing = row.consecutiveFailures > 0;
  return {
    id: row.id,
    account_id: row.accountId,
    name: row.name,
    host: row.host,
    port: row.port,
    protocol: row.protocol,
    facility: row.facility,
    enabled: row.enabled,
    ca_certificate: row.caCertificate,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    delivery: {
      state: !row.enabled ? 'disabled' : failing ? 'failing' : 'ok',
      lag,
      last_delivered_event_id: row.lastDeliveredEventId,
      last_delivered_event_at: iso(row.lastDeliveredEventAt),
      last_delivered_at: iso(row.lastDeliveredAt),
      last_error: row.lastError,
      last_error_at: iso(row.lastErrorAt),
      consecutive_failures: row.consecutiveFailures,
      next_attempt_at: row.enabled && (lag > 0 || failing) ? row.nextAttemptAt.toISOString() : null,
    },
  };
}
