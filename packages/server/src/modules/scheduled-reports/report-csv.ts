import { REPORT_COLUMNS, type ReportKind } from '@keydeck/contract/scheduled-reports';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-sql.ts';
import { csvLine } from '../../platform/csv.ts';
import type { ServiceAccess } from '../../platform/service-access.ts';
import { exportCsv as exportDevices } from '../devices/devices.service.ts';

const BATCH = 1_000;
const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString());

/** A built report: its CSV (header line first) and how many data rows it holds. */
export type BuiltReport = { csv: string; rows: number };

type KeyLine = { name: string; group: string; algorithm: string; usage: string; mode_of_use: string; version: string; state: string; kcv: string; kcv_method: string; created_at: Date; rotated_at: Date | null; id: string };
type AssignmentLine = { group: string; key_slot: number; key: string; key_state: string; kcv: string; assigned_at: Date };

/**
 * Builds a report of one service as CSV (RFC 4180, formula-leading cells neutralised), a batch at a time, in the
 * given transaction, under the tenant scope the caller opened.
 * Devices are written exactly as the Remote Devices export writes them; keys carry their KCV, never a value.
 */
export async function buildReport(tx: Tx, accountId: string, serviceId: string, kind: ReportKind): Promise<BuiltReport> {
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
