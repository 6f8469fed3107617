import { sql, type SQL } from 'drizzle-orm';
import { CERTIFICATE_COUNT_CAP, type CertificatesQuery } from '@keydeck/contract/certificates';
import type { Tx } from '../../db/database.ts';
import { rowsOf, textArray } from '../../db/raw-sql.ts';
import { keysetWindow } from '../../platform/keyset.ts';
import { countOrEstimate } from '../../platform/list-count.ts';
import { containsPattern } from '../../platform/paging.ts';

export type CertificateRow = {
  id: string;
  ca_id: string;
  ca_name: string;
  ca_subject: string;
  serial: string;
  subject: string;
  sans: string;
  key_algorithm: string;
  extended_key_usage: string;
  certificate_pem: string;
  sha256_fingerprint: string;
  not_before: Date;
  not_after: Date;
  revoked_at: Date | null;
  revocation_reason: string | null;
  issued_by: string;
  created_at: Date;
};
export type NewCertificate = Omit<CertificateRow, 'ca_name' | 'ca_subject' | 'revoked_at' | 'revocation_reason' | 'created_at'>;

const COLUMNS = sql`i.id, i.ca_id, c.name as ca_name, c.subject as ca_subject, i.serial, i.subject, i.sans, i.key_algorithm,
  i.extended_key_usage, i.certificate_pem, i.sha256_fingerprint, i.not_before, i.not_after, i.revoked_at, i.revocation_reason,
  i.issued_by, i.created_at`;

/** By subject case aside, through its stored lower-cased key (migration 0054), which the index serves under row-level security. */
const ORDER: Record<CertificatesQuery['order_by'], SQL> = {
  subject: sql`i.subject_key`,
  serial: sql`i.serial`,
  issued_at: sql`i.created_at`,
  not_after: sql`i.not_after`,
};

const STATUS: Record<NonNullable<CertificatesQuery['status']>, SQL> = {
  revoked: sql`i.revoked_at is not null`,
  expired: sql`i.revoked_at is null and i.not_after <= now()`,
  valid: sql`i.revoked_at is null and i.not_after > now()`,
};

/**
 * A page of the service's certificates (of one CA, of one status, matching search) by keyset
 * (platform/keyset.ts) in every order, none of which may be empty: the id breaks ties, and the serial, unique in
 * a service, pages alone. Its total first, so the last page holds what is left over: counted up to
 * CERTIFICATE_COUNT_CAP where the planner expects few certificates, its estimate where many (platform/list-count.ts).
 */
export async function listPage(tx: Tx, serviceId: string, query: CertificatesQuery, caId: string | null) {
  const like = query.search ? containsPattern(query.search) : null;
  const serialStart = query.search ? `${query.search.replace(/[\s:]/g, '').toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql.join(
    [
      sql`i.service_id = ${serviceId}`,
      ...(caId ? [sql`i.ca_id = ${caId}`] : []),
      ...(query.status ? [STATUS[query.status]] : []),
      ...(like ? [sql`(i.subject ilike ${like} or i.sans ilike ${like} or i.serial like ${serialStart})`] : []),
    ],
    sql` and `,
  );
  const total = await countOrEstimate(tx, sql`from issued_certificates i where ${where}`, CERTIFICATE_COUNT_CAP);
  const sortColumn = ORDER[query.order_by];
  const window = keysetWindow(query, sortColumn, query.order_by === 'serial' ? null : sql`i.id`, total);
  // The sort value as PostgreSQL writes it: a time keeps its microseconds, which a Date would lose.
  const rows = await rowsOf<CertificateRow & { sort_key: string }>(
    tx,
    sql`select ${COLUMNS}, ${sortColumn}::text as sort_key
        from issued_certificates i join certificate_authorities c on c.id = i.ca_id
        where ${where}${window.condition ? sql` and ${window.condition}` : sql``}
        order by ${window.orderBy} limit ${window.limit} offset ${window.offset}`,
  );
  const page = window.page(rows, (row) => ({ value: row.sort_key, id: row.id }));
  return {
    ...page,
    rows: page.rows.map(({ sort_key: _, ...row }) => row),
    total,
  };
}

/** Certificates by serial (upper-case hex). */
export async function findBySerials(tx: Tx, serviceId: string, serials: string[]): Promise<Map<string, CertificateRow>> {
  const rows = await rowsOf<CertificateRow>(
    tx,
    sql`select ${COLUMNS} from issued_certificates i join certificate_authorities c on c.id = i.ca_id
        where i.service_id = ${serviceId} and i.serial = any(${textArray(serials)})`,
  );
  return new Map(rows.map((r) => [r.serial, r]));
}

export async function insert(tx: Tx, accountId: string, serviceId: string, row: NewCertificate): Promise<void> {
  await tx.execute(sql`insert into issued_certificates (id, account_id, service_id, ca_id, serial, subject, sans, key_algorithm,
      extended_key_usage, certificate_pem, sha256_fingerprint, not_before, not_after, issued_by)
    values (${row.id}, ${accountId}, ${serviceId}, ${row.ca_id}, ${row.serial}, ${row.subject}, ${row.sans}, ${row.key_algorithm},
      ${row.extended_key_usage}, ${row.certificate_pem}, ${row.sha256_fingerprint}, ${row.not_before.toISOString()},
      ${row.not_after.toISOString()}, ${row.issued_by})`);
}

/** Revokes the certificate unless it already is; true when this call revoked it. */
export async function revoke(tx: Tx, id: string, reason: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`update issued_certificates set revoked_at = now(), revocation_reason = ${reason} where id = ${id} and revoked_at is null returning id`,
  );
  return rows.length === 1;
}

/** Every revoked certificate of the CA, for its CRL. */
export async function revokedOf(tx: Tx, caId: string) {
  return rowsOf<{ serial: string; revoked_at: Date; revocation_reason: string }>(
    tx,
    sql`select serial, revoked_at, revocation_reason from issued_certificates where ca_id = ${caId} and revoked_at is not null order by revoked_at, serial`,
  );
}
