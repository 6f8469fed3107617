import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-sql.ts';
import type { PresentedKey } from './transfer.clients.ts';

export type HostKeyRow = {
  id: string;
  host: string;
  port: number;
  key_type: string;
  fingerprint: string;
  public_key: string;
  status: 'pending' | 'trusted';
  first_seen_at: Date;
  last_seen_at: Date;
  confirmed_by: string | null;
  confirmed_at: Date | null;
};

/** The keys recorded for one host and port: the trusted one and the one waiting for confirmation. */
export type KnownKeys = { trusted: HostKeyRow | null; pending: HostKeyRow | null };

const COLUMNS = sql`id, host, port, key_type, fingerprint, public_key, status, first_seen_at, last_seen_at, confirmed_by, confirmed_at`;

export async function list(tx: Tx, serviceId: string): Promise<HostKeyRow[]> {
  return rowsOf<HostKeyRow>(tx, sql`select ${COLUMNS} from host_keys where service_id = ${serviceId} order by host, port, status desc`);
}

export async function forEndpoint(tx: Tx, serviceId: string, host: string, port: number): Promise<KnownKeys> {
  const rows = await rowsOf<HostKeyRow>(tx, sql`select ${COLUMNS} from host_keys where service_id = ${serviceId} and host = ${host} and port = ${port}`);
  return { trusted: rows.find((r) => r.status === 'trusted') ?? null, pending: rows.find((r) => r.status === 'pending') ?? null };
}

/** The server presented its trusted key again. */
export async function touch(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`update host_keys set last_seen_at = now() where id = ${id}`);
}

/**
 * Records a key that is not the trusted one as the host's pending key: a new one replaces the one pending
 * before (its first sighting starts anew), the same one is only seen again.
 */
export async function recordPending(tx: Tx, where: { accountId: string; serviceId: string; host: string; port: number }, key: PresentedKey): Promise<void> {
  await tx.execute(sql`insert into host_keys (account_id, service_id, host, port, key_type, fingerprint, public_key, status)
    values (${where.accountId}, ${where.serviceId}, ${where.host}, ${where.port}, ${key.keyType}, ${key.fingerprint}, ${key.publicKey}, 'pending')
    on conflict (service_id, host, port, status) do update set
      first_seen_at = case when host_keys.fingerprint = excluded.fingerprint then host_keys.first_seen_at else now() end,
      last_seen_at = now(), key_type = excluded.key_type, fingerprint = excluded.fingerprint, public_key = excluded.public_key`);
}

/** Makes the pending key the host's trusted one, in place of the key trusted before. */
export async function trust(tx: Tx, serviceId: string, pending: HostKeyRow, actor: string): Promise<void> {
  await tx.execute(sql`delete from host_keys where service_id = ${serviceId} and host = ${pending.host} and port = ${pending.port} and status = 'trusted'`);
  await tx.execute(sql`update host_keys set status = 'trusted', confirmed_by = ${actor}, confirmed_at = now() where id = ${pending.id}`);
}

export async function remove(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`delete from host_keys where id = ${id}`);
}
