import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf, textArray } from '../../db/raw-sql.ts';

export type CaRow = {
  id: string;
  parent_id: string | null;
  name: string;
  subject: string;
  serial: string;
  key_algorithm: string;
  keystore: string;
  key_ref: string;
  certificate_pem: string;
  sha256_fingerprint: string;
  not_before: Date;
  not_after: Date;
  path_length: number | null;
  key_usage: string;
  crl_number: number;
  crl_pem: string | null;
  crl_this_update: Date | null;
  crl_next_update: Date | null;
  created_by: string;
  created_at: Date;
};
export type CaListRow = CaRow & { certificates_issued: number; unexpired_certificates: number; child_cas: number };
export type NewCa = Omit<CaRow, 'crl_number' | 'crl_pem' | 'crl_this_update' | 'crl_next_update' | 'created_at'>;

const CA_COLUMNS = sql`c.id, c.parent_id, c.name, c.subject, c.serial, c.key_algorithm, c.keystore, c.key_ref, c.certificate_pem,
  c.sha256_fingerprint, c.not_before, c.not_after, c.path_length, c.key_usage, c.crl_number, c.crl_pem, c.crl_this_update,
  c.crl_next_update, c.created_by, c.created_at`;

/** Every CA of the service with what it issued: certificates (all, and those not expired) and CAs. */
export async function list(tx: Tx, serviceId: string): Promise<CaListRow[]> {
  return rowsOf<CaListRow>(
    tx,
    sql`select ${CA_COLUMNS},
          (select count(*)::int from issued_certificates i where i.ca_id = c.id) as certificates_issued,
          (select count(*)::int from issued_certificates i where i.ca_id = c.id and i.not_after > now()) as unexpired_certificates,
          (select count(*)::int from certificate_authorities k where k.parent_id = c.id) as child_cas
        from certificate_authorities c where c.service_id = ${serviceId} order by lower(c.name)`,
  );
}

/** CAs by lower-cased name. */
export async function findByNames(tx: Tx, serviceId: string, names: string[]): Promise<Map<string, CaRow>> {
  const rows = await rowsOf<CaRow>(
    tx,
    sql`select ${CA_COLUMNS} from certificate_authorities c
        where c.service_id = ${serviceId} and lower(c.name) = any(${textArray(names.map((n) => n.toLowerCase()))})`,
  );
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}

/** The CA row, locked until the transaction ends (one CRL signed at a time per CA). */
export async function lock(tx: Tx, caId: string): Promise<CaRow | undefined> {
  const [row] = await rowsOf<CaRow>(tx, sql`select ${CA_COLUMNS} from certificate_authorities c where c.id = ${caId} for update`);
  return row;
}

export async function insert(tx: Tx, accountId: string, serviceId: string, ca: NewCa): Promise<void> {
  await tx.execute(sql`insert into certificate_authorities (id, account_id, service_id, parent_id, name, subject, serial, key_algorithm,
      keystore, key_ref, certificate_pem, sha256_fingerprint, not_before, not_after, path_length, key_usage, created_by)
    values (${ca.id}, ${accountId}, ${serviceId}, ${ca.parent_id}, ${ca.name}, ${ca.subject}, ${ca.serial}, ${ca.key_algorithm},
      ${ca.keystore}, ${ca.key_ref}, ${ca.certificate_pem}, ${ca.sha256_fingerprint}, ${ca.not_before.toISOString()},
      ${ca.not_after.toISOString()}, ${ca.path_length}, ${ca.key_usage}, ${ca.created_by})`);
}

/** What stands in the way of deleting a CA: the CAs under it, and its certificates that have not expired. */
export async function dependants(tx: Tx, caId: string): Promise<{ children: number; unexpired: number }> {
  const [row] = await rowsOf<{ children: number; unexpired: number }>(
    tx,
    sql`select (select count(*)::int from certificate_authorities where parent_id = ${caId}) as children,
               (select count(*)::int from issued_certificates where ca_id = ${caId} and not_after > now()) as unexpired`,
  );
  return row ?? { children: 0, unexpired: 0 };
}

/** Deletes the CA and, with it, the certificates it issued. */
export async function remove(tx: Tx, caId: string): Promise<void> {
  await tx.execute(sql`delete from certificate_authorities where id = ${caId}`);
}

export async function saveCrl(tx: Tx, caId: string, crl: { number: number; pem: string; thisUpdate: Date; nextUpdate: Date }): Promise<void> {
  await tx.execute(sql`update certificate_authorities set crl_number = ${crl.number}, crl_pem = ${crl.pem},
      crl_this_update = ${crl.thisUpdate.toISOString()}, crl_next_update = ${crl.nextUpdate.toISOString()}
    where id = ${caId}`);
}

/** A revocation makes the CA's CRL stale: the next request for it signs a new one. */
export async function markCrlStale(tx: Tx, caIds: string[]): Promise<void> {
  if (!caIds.length) return;
  await tx.execute(sql`update certificate_authorities set crl_pem = null where id::text = any(${textArray(caIds)})`);
}
