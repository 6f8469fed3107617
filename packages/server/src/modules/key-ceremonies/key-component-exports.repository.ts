import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf, uuidArray } from '../../db/raw-sql.ts';


export type ExportRow = {
  id: string;
  account_id: string;
  service_id: string;
  key_id: string | null;
  key_name: string;
  algorithm: string;
  kcv: string;
  custodian_ids: string[];
  opened_by: string | null;
  opened_by_name: string;
  state: string;
  ended_reason: string | null;
  created_at: Date;
  expires_at: Date;
  ended_at: Date | null;
};
export type ExportedComponentRow = {
  export_id: string;
  position: number;
  user_id: string | null;
  username: string;
  kcv: string;
  component_id: string | null;
  component_ref: string | null;
  revealed_at: Date | null;
};

export type NewExport = Pick<ExportRow, 'key_id' | 'key_name' | 'algorithm' | 'kcv' | 'custodian_ids' | 'opened_by' | 'opened_by_name'>;

export async function insert(tx: Tx, scope: { accountId: string; serviceId: string }, row: NewExport, hours: number): Promise<ExportRow> {
  const [made] = await rowsOf<ExportRow>(
    tx,
    sql`insert into key_component_exports (account_id, service_id, key_id, key_name, algorithm, kcv, custodian_ids, opened_by, opened_by_name, expires_at)
      values (${scope.accountId}, ${scope.serviceId}, ${row.key_id}, ${row.key_name}, ${row.algorithm}, ${row.kcv}, ${uuidArray(row.custodian_ids)},
        ${row.opened_by}, ${row.opened_by_name}, now() + make_interval(hours => ${hours}))
      returning *`,
  );
  return made!;
}

export async function addComponent(tx: Tx, accountId: string, component: Omit<ExportedComponentRow, 'revealed_at'>): Promise<void> {
  await tx.execute(sql`insert into key_exported_components (account_id, export_id, position, user_id, username, kcv, component_id, component_ref)
    values (${accountId}, ${component.export_id}, ${component.position}, ${component.user_id}, ${component.username}, ${component.kcv},
      ${component.component_id}, ${component.component_ref})`);
}

export const list = (tx: Tx, serviceId: string) =>
  rowsOf<ExportRow>(tx, sql`select * from key_component_exports where service_id = ${serviceId} order by (state = 'open') desc, created_at desc, id limit 200`);

/** One export of the service; forUpdate holds it until the transaction ends, so two reveals never race. */
export async function find(tx: Tx, serviceId: string, id: string, forUpdate = false): Promise<ExportRow | undefined> {
  const [row] = await rowsOf<ExportRow>(tx, sql`select * from key_component_exports where service_id = ${serviceId} and id = ${id} ${forUpdate ? sql`for update` : sql``}`);
  return row;
}

export const componentsOf = (tx: Tx, exportIds: string[]) =>
  exportIds.length === 0
    ? Promise.resolve([] as ExportedComponentRow[])
    : rowsOf<ExportedComponentRow>(
        tx,
        sql`select export_id, position, user_id, username, kcv, component_id, component_ref, revealed_at from key_exported_components
          where export_id = any(${uuidArray(exportIds)}) order by export_id, position`,
      );

/** The component is shown: when is recorded and its keystore reference goes, in the one statement. */
export async function revealed(tx: Tx, exportId: string, position: number): Promise<void> {
  await tx.execute(sql`update key_exported_components set revealed_at = now(), component_id = null, component_ref = null
    where export_id = ${exportId} and position = ${position}`);
}

export async function complete(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`update key_component_exports set state = 'completed', ended_at = now() where id = ${id} and state = 'open'`);
}

/** Ends an open export; its components not revealed lose their keystore references (the caller destroys them). */
export async function end(tx: Tx, id: string, state: 'cancelled' | 'expired', reason: string): Promise<void> {
  await tx.execute(sql`update key_component_exports set state = ${state}, ended_reason = ${reason}, ended_at = now() where id = ${id} and state = 'open'`);
  await tx.execute(sql`update key_exported_components set component_id = null, component_ref = null where export_id = ${id}`);
}

/** Open exports past their expiry, every account's (the sweep runs in the system scope), held for the sweep. */
export const overdue = (tx: Tx, limit: number) =>
  rowsOf<ExportRow>(tx, sql`select * from key_component_exports where state = 'open' and expires_at <= now() order by expires_at limit ${limit} for update skip locked`);
