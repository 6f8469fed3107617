import type { SearchResult } from '@keydeck/contract/search';
import type { ServicePermissions } from '@keydeck/contract/services';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf, uuidArray } from '../../db/raw-sql.ts';

/** A service the caller is a user of, with their group's categories and the service's own allowed addresses. */
export type SearchableService = { id: string; name: string; permissions: ServicePermissions; ranges: string[] };

/** What one kind's query looks for: a prefix compared bytewise (KCV, serial, fingerprint) and/or an ILIKE pattern. */
export type Terms = { prefix: string | null; pattern: string; ip: string | null };

// The largest code point: every text starting with the prefix sorts before prefix || this, bytewise.
const AFTER = '\u{10FFFF}';
const startsWith = (column: SQL, prefix: string) => sql`(${column} >= ${prefix} and ${column} < ${prefix + AFTER})`;
const FALSE = sql`false`;

/** The enabled services of the account the user belongs to as a service user. */
export function searchableServices(tx: Tx, accountId: string, userId: string): Promise<SearchableService[]> {
  return rowsOf<SearchableService>(
    tx,
    sql`select s.id, s.name, g.permissions,
        array(select a.ip_address from service_allowed_addresses a where a.service_id = s.id) as ranges
      from service_users su join services s on s.id = su.service_id join service_user_groups g on g.id = su.group_id
      where su.user_id = ${userId} and s.account_id = ${accountId} and s.status = 'Enabled'`,
  );
}

export function keys(tx: Tx, serviceIds: string[], terms: Terms, limit: number): Promise<SearchResult[]> {
  const kcv = terms.prefix ? startsWith(sql`k.kcv collate "C"`, terms.prefix) : FALSE;
  return rowsOf<SearchResult>(
    tx,
    sql`select 'key' as kind, k.id::text as id, k.name as label, 'KCV ' || k.kcv as detail, s.id::text as service_id, s.name as service_name
      from symmetric_keys k join services s on s.id = k.service_id
      where k.service_id = any(${uuidArray(serviceIds)}) and (${kcv} or k.name ilike ${terms.pattern})
      order by k.name, s.name limit ${limit}`,
  );
}

export function devices(tx: Tx, serviceIds: string[], terms: Terms, limit: number): Promise<SearchResult[]> {
  if (!terms.prefix) return Promise.resolve([]);
  return rowsOf<SearchResult>(
    tx,
    sql`select 'device' as kind, d.serial as id, d.serial as label, 'Group ' || g.name as detail, s.id::text as service_id, s.name as service_name
      from devices d join device_groups g on g.id = d.group_id join services s on s.id = d.service_id
      where d.service_id = any(${uuidArray(serviceIds)}) and ${startsWith(sql`d.serial`, terms.prefix)}
      order by d.serial, s.name limit ${limit}`,
  );
}

export function certificates(tx: Tx, serviceIds: string[], terms: Terms, fingerprint: string | null, limit: number): Promise<SearchResult[]> {
  const byFingerprint = fingerprint ? startsWith(sql`c.sha256_fingerprint collate "C"`, fingerprint) : FALSE;
  return rowsOf<SearchResult>(
    tx,
    sql`select 'certificate' as kind, c.id::text as id, c.subject as label, 'SHA-256 ' || c.sha256_fingerprint as detail,
        s.id::text as service_id, s.name as service_name
      from issued_certificates c join services s on s.id = c.service_id
      where c.service_id = any(${uuidArray(serviceIds)}) and (${byFingerprint} or c.subject ilike ${`%${terms.pattern}`})
      order by c.subject, s.name limit ${limit}`,
  );
}

export function users(tx: Tx, accountId: string, terms: Terms, limit: number): Promise<SearchResult[]> {
  return rowsOf<SearchResult>(
    tx,
    sql`select 'user' as kind, u.id::text as id, u.name || ' (' || u.username || ')' as label, u.email as detail,
        null as service_id, null as service_name
      from users u
      where u.account_id = ${accountId} and (u.username ilike ${terms.pattern} or u.name ilike ${terms.pattern} or u.email ilike ${terms.pattern})
      order by u.username limit ${limit}`,
  );
}

/** Every account (a platform administrator's search). */
export function accounts(tx: Tx, terms: Terms, limit: number): Promise<SearchResult[]> {
  return rowsOf<SearchResult>(
    tx,
    sql`select 'account' as kind, a.id::text as id, a.name as label, 'Slug ' || a.account_slug as detail, null as service_id, null as service_name
      from accounts a where a.name ilike ${terms.pattern} or a.account_slug ilike ${terms.pattern}
      order by a.name limit ${limit}`,
  );
}

export function cloudHsms(tx: Tx, accountId: string, terms: Terms, limit: number): Promise<SearchResult[]> {
  const byAddress = terms.ip ? sql`h.address = ${terms.ip}::inet` : FALSE;
  return rowsOf<SearchResult>(
    tx,
    sql`select 'cloud_hsm' as kind, h.id::text as id, h.name as label, coalesce(host(h.address), h.status) as detail,
        s.id::text as service_id, s.name as service_name
      from cloud_hsms h join services s on s.id = h.service_id
      where h.account_id = ${accountId} and h.status <> 'Deprovisioned' and (${byAddress} or h.name ilike ${terms.pattern})
      order by h.name limit ${limit}`,
  );
}
