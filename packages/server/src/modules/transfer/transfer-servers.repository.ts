import type { TransferAuth, TransferFamily, TransferProtocol } from '@keydeck/contract/transfer';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf, textArray } from '../../db/raw-sql.ts';

export type ServerRow = {
  id: string;
  account_id: string;
  service_id: string;
  name: string;
  protocol: TransferProtocol;
  host: string;
  port: number;
  username: string;
  auth: TransferAuth;
  secret_sealed: string;
  client_public_key: string | null;
  remote_directory: string;
  ca_certificate: string | null;
  created_at: Date;
  updated_at: Date;
};

export type ServerColumns = Pick<ServerRow, 'name' | 'protocol' | 'host' | 'port' | 'username' | 'auth' | 'client_public_key' | 'remote_directory' | 'ca_certificate'>;

const PROTOCOLS: Record<TransferFamily, string[]> = { ftp: ['ftp', 'ftps'], scp: ['sftp', 'scp'] };

const COLUMNS = sql`id, account_id, service_id, name, protocol, host, port, username, auth, secret_sealed, client_public_key, remote_directory, ca_certificate, created_at, updated_at`;

/** The service's servers of one family (ftp: FTP and FTPS; scp: SFTP and SCP), by name. */
export async function list(tx: Tx, serviceId: string, family: TransferFamily): Promise<ServerRow[]> {
  return rowsOf<ServerRow>(
    tx,
    sql`select ${COLUMNS} from transfer_servers
        where service_id = ${serviceId} and protocol = any(${textArray(PROTOCOLS[family])}) order by lower(name)`,
  );
}

/** Servers of the service by lower-cased name, whatever their family (names are unique in the service). */
export async function findByNames(tx: Tx, serviceId: string, names: string[]): Promise<Map<string, ServerRow>> {
  const rows = await rowsOf<ServerRow>(
    tx,
    sql`select ${COLUMNS} from transfer_servers
        where service_id = ${serviceId} and lower(name) = any(${textArray(names.map((n) => n.toLowerCase()))})`,
  );
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}

export async function findByIds(tx: Tx, serviceId: string, ids: string[]): Promise<Map<string, ServerRow>> {
  const rows = await rowsOf<ServerRow>(tx, sql`select ${COLUMNS} from transfer_servers where service_id = ${serviceId} and id::text = any(${textArray(ids)})`);
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findById(tx: Tx, serviceId: string, id: string): Promise<ServerRow | undefined> {
  const [row] = await rowsOf<ServerRow>(tx, sql`select ${COLUMNS} from transfer_servers where service_id = ${serviceId} and id = ${id}`);
  return row;
}

/** The names of the service's SSH servers at each host and port ('host port'), for the host key list. */
export async function sshServersByEndpoint(tx: Tx, serviceId: string): Promise<Map<string, string[]>> {
  const rows = await rowsOf<{ host: string; port: number; name: string }>(
    tx,
    sql`select host, port, name from transfer_servers where service_id = ${serviceId} and protocol in ('sftp', 'scp') order by lower(name)`,
  );
  const byEndpoint = new Map<string, string[]>();
  for (const r of rows) byEndpoint.set(`${r.host} ${r.port}`, [...(byEndpoint.get(`${r.host} ${r.port}`) ?? []), r.name]);
  return byEndpoint;
}

export async function insert(tx: Tx, row: ServerColumns & { id: string; accountId: string; serviceId: string; secretSealed: string }): Promise<ServerRow> {
  const [created] = await rowsOf<ServerRow>(
    tx,
    sql`insert into transfer_servers (id, account_id, service_id, name, protocol, host, port, username, auth, secret_sealed, client_public_key, remote_directory, ca_certificate)
        values (${row.id}, ${row.accountId}, ${row.serviceId}, ${row.name}, ${row.protocol}, ${row.host}, ${row.port}, ${row.username}, ${row.auth},
                ${row.secretSealed}, ${row.client_public_key}, ${row.remote_directory}, ${row.ca_certificate})
        returning ${COLUMNS}`,
  );
  return created!;
}

export async function update(tx: Tx, id: string, columns: ServerColumns & { secretSealed: string }): Promise<ServerRow> {
  const [updated] = await rowsOf<ServerRow>(
    tx,
    sql`update transfer_servers set name = ${columns.name}, protocol = ${columns.protocol}, host = ${columns.host}, port = ${columns.port},
          username = ${columns.username}, auth = ${columns.auth}, secret_sealed = ${columns.secretSealed}, client_public_key = ${columns.client_public_key},
          remote_directory = ${columns.remote_directory}, ca_certificate = ${columns.ca_certificate}, updated_at = now()
        where id = ${id} returning ${COLUMNS}`,
  );
  return updated!;
}

export async function remove(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`delete from transfer_servers where id = ${id}`);
}
