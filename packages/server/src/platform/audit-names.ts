import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/database.ts';
import { rowsOf, textArray } from '../db/raw-sql.ts';
import { accounts } from '../db/schema/accounts.ts';
import { cloudHsms, clusters } from '../db/schema/cloud-hsms.ts';
import { apiCredentials } from '../db/schema/credentials.ts';
import { externalCas } from '../db/schema/external-cas.ts';
import { identityProviders } from '../db/schema/identity-providers.ts';
import { oauthClients } from '../db/schema/oauth.ts';
import { portRanges } from '../db/schema/port-ranges.ts';
import { services } from '../db/schema/services.ts';
import { solutions } from '../db/schema/solutions.ts';
import { syslogDestinations } from '../db/schema/syslog.ts';
import { roles, users } from '../db/schema/users.ts';
import type { AuditTarget } from './audit-declaration.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What an audit target may name by id, with what a reader knows it by. */
const NAMED: [PgTable, PgColumn, PgColumn | SQL][] = [
  [services, services.id, services.name],
  [users, users.id, users.username],
  [roles, roles.id, roles.name],
  [accounts, accounts.id, accounts.name],
  [syslogDestinations, syslogDestinations.id, syslogDestinations.name],
  [oauthClients, oauthClients.id, oauthClients.name],
  [identityProviders, identityProviders.id, identityProviders.name],
  [apiCredentials, apiCredentials.id, apiCredentials.name],
  [cloudHsms, cloudHsms.id, cloudHsms.name],
  [clusters, clusters.id, clusters.name],
  [externalCas, externalCas.id, externalCas.name],
  [solutions, solutions.id, solutions.name],
  [portRanges, portRanges.id, sql`${portRanges.startPort} || '-' || ${portRanges.endPort}`],
];

/** The ids a target made only of ids holds ("id" or "id, id"), else none. */
export function idsOf(target: string | null | undefined): string[] {
  const parts = target?.split(', ') ?? [];
  return parts.length > 0 && parts.every((part) => UUID.test(part)) ? parts : [];
}

/**
 * The names of the objects these ids name, as far as the caller's tenant may see them (row-level security): one
 * statement over every table a target may name, since every audited change may ask.
 */
export async function targetNames(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const wanted = sql`${textArray(unique)}::uuid[]`;
  const selects = NAMED.map(([table, id, name]) => sql`select ${id}::text as id, (${name})::text as name from ${table} where ${id} = any(${wanted})`);
  const rows = await rowsOf<{ id: string; name: string }>(tx, sql.join(selects, sql` union all `));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The names of ids, in their order, an unknown one as its id; undefined when none is known. */
export function joinedNames(ids: string[], names: Map<string, string>): string | undefined {
  return ids.some((id) => names.has(id)) ? ids.map((id) => names.get(id) ?? id).join(', ') : undefined;
}

/** A delete's `before`: the names of what it will remove, read while it still exists. */
export async function namesBefore(tx: Tx, ids: string[]): Promise<{ names?: string }> {
  const names = joinedNames(ids, await targetNames(tx, ids));
  return names ? { names } : {};
}

/** A target that names objects by id alone gets their names, so the log reads by name with the id beside it. */
export async function withNames(tx: Tx, target: AuditTarget | undefined): Promise<AuditTarget | undefined> {
  if (target === undefined || (typeof target === 'object' && target.name)) return target;
  const id = typeof target === 'string' ? target : target.id;
  const ids = idsOf(id);
  const name = ids.length ? joinedNames(ids, await targetNames(tx, ids)) : undefined;
  return name ? { id, name } : target;
}
