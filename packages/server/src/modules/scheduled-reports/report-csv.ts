import { REPORT_COLUMNS, type ReportKind } from '@keydeck/contract/scheduled-reports';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { iso, rowsOf } from '../../db/raw-sql.ts';
import { csvLine } from '../../platform/csv.ts';
import type { ServiceAccess } from '../../platform/service-access.ts';
import { exportCsv as exportDevices } from '../devices/devices.service.ts';

const BATCH = 1_000;

/** A built report: its CSV (header line first) and how many data rows it holds. */
export type BuiltReport = { csv: string; rows: number };

type KeyLine = { name: string; group: string; algorithm: string; usage: string; mode_of_use: string; version: string; state: string; kcv: string; kcv_method: string; created_at: Date; rotated_at: Date | null; id: string };
type CertificateLine = { id: string; serial: string; subject: string; ca: string; not_before: Date; not_after: Date; revoked_at: Date | null; revocation_reason: string | null };
type AuditLine = { id: number; occurred_at: Date; actor: string | null; action: string; target: string | null; outcome: string; reason: string | null; client_address: string; request_id: string };
type AssignmentLine = { group: string; key_slot: number; key: string; key_state: string; kcv: string; assigned_at: Date };

/** A certificate's status on the day the report is built. */
const certificateStatus = (c: CertificateLine, now: Date) =>
  c.revoked_at ? 'revoked' : new Date(c.not_after) < now ? 'expired' : new Date(c.not_before) > now ? 'not yet valid' : 'valid';

/**
 * Builds a report of one service as CSV (RFC 4180, formula-leading cells neutralised), a batch at a time, in the
 * given transaction, under the tenant scope the caller opened.
 * Devices are written exactly as the Remote Devices export writes them; keys carry their KCV, never a value.
 * Audit events are those since `since` (the report's previous run), all of them when null.
 */
export async function buildReport(tx: Tx, accountId: string, serviceId: string, kind: ReportKind, since: Date | null = null): Promise<BuiltReport> {
  const parts: string[] = [];
  let rows = 0;
  if (kind === 'devices') {
    // The devices export reads only the service of the access it is given.
    const access = { serviceId } as ServiceAccess;
    await exportDevices({ tx, accountId, access }, { operator: 'and' }, async (chunk) => {
      parts.push(chunk);
    });
    const csv = parts.join('');
    return { csv, rows: recordsIn(csv) - 1 };
  }
  parts.push(csvLine(REPORT_COLUMNS[kind]));
  if (kind === 'keys') {
    let after: { name: string; id: string } | null = null;
    for (;;) {
      const resume = after ? sql`and (k.name, k.id) > (${after.name}, ${after.id}::uuid)` : sql``;
      const batch: KeyLine[] = await rowsOf<KeyLine>(
        tx,
        sql`select k.id, k.name, g.name as "group", k.algorithm, k.usage, k.mode_of_use, k.version, k.state, k.kcv, k.kcv_method, k.created_at, k.rotated_at
            from symmetric_keys k join key_groups g on g.id = k.group_id
            where k.service_id = ${serviceId} ${resume} order by k.name, k.id limit ${BATCH}`,
      );
      for (const k of batch) {
        parts.push(csvLine([k.name, k.group, k.algorithm, k.usage, k.mode_of_use, k.version, k.state, k.kcv, k.kcv_method, iso(k.created_at), iso(k.rotated_at)]));
      }
      rows += batch.length;
      if (batch.length < BATCH) break;
      after = { name: batch.at(-1)!.name, id: batch.at(-1)!.id };
    }
  } else if (kind === 'certificates') {
    const now = new Date();
    let after: { serial: string; id: string } | null = null;
    for (;;) {
      const resume = after ? sql`and (c.serial, c.id) > (${after.serial}, ${after.id}::uuid)` : sql``;
      const batch: CertificateLine[] = await rowsOf<CertificateLine>(
        tx,
        sql`select c.id, c.serial, c.subject, a.name as ca, c.not_before, c.not_after, c.revoked_at, c.revocation_reason
            from issued_certificates c join certificate_authorities a on a.id = c.ca_id
            where c.service_id = ${serviceId} ${resume} order by c.serial, c.id limit ${BATCH}`,
      );
      for (const c of batch) {
        parts.push(csvLine([c.serial, c.subject, c.ca, iso(c.not_before), iso(c.not_after), certificateStatus(c, now), iso(c.revoked_at), c.revocation_reason]));
      }
      rows += batch.length;
      if (batch.length < BATCH) break;
      after = { serial: batch.at(-1)!.serial, id: batch.at(-1)!.id };
    }
  } else if (kind === 'audit_events') {
    const name = (await rowsOf<{ name: string }>(tx, sql`select name from services where id = ${serviceId}`))[0]?.name ?? serviceId;
    // Audit events carry no service column: a call inside a service names it as the target's prefix
    // ('<service>: what'); calls about the service itself (request, login, select, logout) name it or its id alone.
    const ofService = sql`(e.target = ${name} or e.target = ${serviceId} or left(e.target, ${name.length + 2}) = ${`${name}: `})`;
    const from = since ? sql`and e.occurred_at >= ${since.toISOString()}::timestamptz` : sql``;
    let after = 0;
    for (;;) {
      const batch: AuditLine[] = await rowsOf<AuditLine>(
        tx,
        sql`select e.id, e.occurred_at, e.actor_username as actor, e.action, coalesce(e.target_name, e.target) as target, e.outcome, e.reason, e.client_address, e.request_id
            from audit_events e where e.account_id = ${accountId} and ${ofService} ${from} and e.id > ${after} order by e.id limit ${BATCH}`,
      );
      for (const e of batch) parts.push(csvLine([iso(e.occurred_at), e.actor, e.action, e.target, e.outcome, e.reason, e.client_address, e.request_id]));
      rows += batch.length;
      if (batch.length < BATCH) break;
      after = Number(batch.at(-1)!.id);
    }
  } else {
    let after: { group: string; slot: number } | null = null;
    for (;;) {
      const resume = after ? sql`and (g.name, a.key_slot) > (${after.group}, ${after.slot}::int)` : sql``;
      const batch: AssignmentLine[] = await rowsOf<AssignmentLine>(
        tx,
        sql`select g.name as "group", a.key_slot, k.name as key, k.state as key_state, k.kcv, a.created_at as assigned_at
            from key_assignments a join device_groups g on g.id = a.device_group_id join symmetric_keys k on k.id = a.key_id
            where a.service_id = ${serviceId} ${resume} order by g.name, a.key_slot limit ${BATCH}`,
      );
      for (const a of batch) parts.push(csvLine([a.group, a.key_slot, a.key, a.key_state, a.kcv, iso(a.assigned_at)]));
      rows += batch.length;
      if (batch.length < BATCH) break;
      after = { group: batch.at(-1)!.group, slot: batch.at(-1)!.key_slot };
    }
  }
  return { csv: parts.join(''), rows };
}

/** The records of a CSV: its line ends outside quoted cells (a quoted cell may hold a line break). */
export function recordsIn(csv: string): number {
  let records = 0;
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (c === 10 && !quoted) records++;
  }
  return records;
}
