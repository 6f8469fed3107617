import { randomUUID } from 'node:crypto';
import { Messages } from '@keydeck/contract/messages';
import {
  DEFAULT_TRANSFER_PORTS,
  familyOf,
  type TransferFamily,
  type TransferServer,
  type TransferServerFields,
  type TransferServersResultResponse,
} from '@keydeck/contract/transfer';
import ssh2, { type ParsedKey } from 'ssh2';
import type { Tx } from '../../db/database.ts';
import { assertTrustAnchor } from '../../platform/certificate-pem.ts';
import * as hostKeysRepo from './host-keys.repository.ts';
import { stateOf } from './host-keys.service.ts';
import * as repo from './transfer-servers.repository.ts';
import type { TransferScope } from './transfer.scope.ts';
import { iso } from '../../db/raw-sql.ts';


/** The secret-box context of a server's secret: a sealed value copied onto another row does not open there. */
export const secretContext = (serverId: string) => `transfer_server:${serverId}`;

type Result = TransferServersResultResponse['results'][number];


export async function list(scope: TransferScope, family: TransferFamily): Promise<{ servers: TransferServer[] }> {
  const rows = await repo.list(scope.tx, scope.serviceId, family);
  const keys = family === 'scp' ? await hostKeysRepo.list(scope.tx, scope.serviceId) : [];
  return { servers: rows.map((row) => toWire(row, keys)) };
}

/** Adds servers, each on its own: a taken name or an unusable key fails its row, the others are added. */
export async function create(scope: TransferScope, family: TransferFamily, servers: TransferServerFields[]): Promise<TransferServersResultResponse> {
  assertTrustAnchors(servers);
  const existing = await repo.findByNames(scope.tx, scope.serviceId, servers.map((s) => s.name));
  const taken = new Set(existing.keys());
  const results: Result[] = [];
  for (const fields of servers) {
    const refusal = taken.has(fields.name.toLowerCase()) ? Messages.transferServerExists(fields.name) : null;
    const key = refusal ? null : clientKey(fields);
    if (refusal || key?.error) {
      results.push({ name: fields.name, success: false, message: Messages.transferServerAddFailed(fields.name, refusal ?? key!.error!) });
      continue;
    }
    const id = randomUUID();
    const row = await repo.insert(scope.tx, {
      id,
      accountId: scope.accountId,
      serviceId: scope.serviceId,
      ...columns(fields, key?.publicKey ?? null),
      secretSealed: scope.secretBox.seal(fields.secret!, secretContext(id)),
    });
    taken.add(fields.name.toLowerCase());
    results.push({ name: row.name, success: true, message: Messages.transferServerAdded(row.name), server: await wire(scope, row, family) });
  }
  return { results };
}

/**
 * Changes servers, each on its own, named by id. The stored secret is kept unless a new one is given; it must be
 * given again when the host, port, transport (FTP and FTPS differ), TLS trust anchor or sign-in method changes,
 * so that nobody who may change a server can have its secret sent somewhere of their choosing.
 */
export async function update(scope: TransferScope, family: TransferFamily, servers: (TransferServerFields & { id: string })[]): Promise<TransferServersResultResponse> {
  assertTrustAnchors(servers);
  const byId = await repo.findByIds(scope.tx, scope.serviceId, servers.map((s) => s.id));
  const results: Result[] = [];
  for (const fields of servers) {
    const current = byId.get(fields.id);
    const label = current?.name ?? fields.name;
    const fail = (why: string) => results.push({ name: label, success: false, message: Messages.transferServerChangeFailed(label, why) });
    if (!current || familyOf(current.protocol) !== family) {
      fail(Messages.transferServerUnknown(fields.name));
      continue;
    }
    if (fields.name.toLowerCase() !== current.name.toLowerCase()) {
      const clash = await repo.findByNames(scope.tx, scope.serviceId, [fields.name]);
      if (clash.size > 0) {
        fail(Messages.transferServerExists(fields.name));
        continue;
      }
    }
    const next = columns(fields, current.client_public_key);
    if (fields.secret === undefined && secretMustBeRenewed(current, next)) {
      fail(Messages.transferSecretRequired);
      continue;
    }
    let secretSealed = current.secret_sealed;
    if (fields.secret !== undefined) {
      const key = clientKey(fields);
      if (key.error) {
        fail(key.error);
        continue;
      }
      next.client_public_key = key.publicKey;
      secretSealed = scope.secretBox.seal(fields.secret, secretContext(current.id));
    }
    const row = await repo.update(scope.tx, current.id, { ...next, secretSealed });
    byId.set(row.id, row);
    results.push({ name: row.name, success: true, message: Messages.transferServerChanged(row.name), server: await wire(scope, row, family) });
  }
  return { results };
}

/** Deletes servers by name, each on its own. Their hosts' keys stay pinned: other servers may share a host. */
export async function remove(scope: TransferScope, family: TransferFamily, names: string[]): Promise<TransferServersResultResponse> {
  const found = await repo.findByNames(scope.tx, scope.serviceId, names);
  const results: Result[] = [];
  for (const name of [...new Set(names)]) {
    const row = found.get(name.toLowerCase());
    if (!row || familyOf(row.protocol) !== family) {
      results.push({ name, success: false, message: Messages.deleteFailed(name, Messages.transferServerUnknown(name)) });
      continue;
    }
    await repo.remove(scope.tx, row.id);
    found.delete(name.toLowerCase());
    results.push({ name: row.name, success: true, message: Messages.deleted(row.name) });
  }
  return { results };
}

/** One server of the family by name, for a connection test. */
export async function findForTest(tx: Tx, serviceId: string, family: TransferFamily, name: string): Promise<repo.ServerRow | undefined> {
  const row = (await repo.findByNames(tx, serviceId, [name])).get(name.toLowerCase());
  return row && familyOf(row.protocol) === family ? row : undefined;
}

/** A CA certificate that is not one refuses the whole request on its field, as the contract's own checks do. */
function assertTrustAnchors(servers: TransferServerFields[]): void {
  servers.forEach((fields, index) => assertTrustAnchor(fields.ca_certificate, `servers.${index}.ca_certificate`));
}

function columns(fields: TransferServerFields, clientPublicKey: string | null): repo.ServerColumns {
  return {
    name: fields.name,
    protocol: fields.protocol,
    host: fields.host,
    port: fields.port ?? DEFAULT_TRANSFER_PORTS[fields.protocol],
    username: fields.username,
    auth: fields.auth,
    client_public_key: fields.auth === 'key' ? clientPublicKey : null,
    remote_directory: fields.remote_directory,
    ca_certificate: fields.protocol === 'ftps' ? fields.ca_certificate : null,
  };
}

const transport = (protocol: string) => (protocol === 'sftp' || protocol === 'scp' ? 'ssh' : protocol);

function secretMustBeRenewed(current: repo.ServerRow, next: repo.ServerColumns): boolean {
  return (
    current.host !== next.host ||
    current.port !== next.port ||
    transport(current.protocol) !== transport(next.protocol) ||
    current.auth !== next.auth ||
    (current.ca_certificate ?? null) !== (next.ca_certificate ?? null)
  );
}

/** For key authentication: whether ssh2 can use the private key, and its public half as an authorized_keys line. */
function clientKey(fields: TransferServerFields): { publicKey: string | null; error?: string } {
  if (fields.auth !== 'key' || fields.secret === undefined) return { publicKey: null };
  const parsed = ssh2.utils.parseKey(fields.secret);
  const key = Array.isArray(parsed) ? (parsed[0] as unknown) : parsed;
  if (key instanceof Error) return { publicKey: null, error: Messages.transferKeyInvalid(key.message) };
  if (!key || !(key as ParsedKey).isPrivateKey()) return { publicKey: null, error: Messages.transferKeyInvalid('no private key found') };
  const parsedKey = key as ParsedKey;
  return { publicKey: `${parsedKey.type} ${parsedKey.getPublicSSH().toString('base64')} keydeck-${fields.name.replace(/\s+/g, '-')}` };
}

async function wire(scope: TransferScope, row: repo.ServerRow, family: TransferFamily): Promise<TransferServer> {
  const keys = family === 'scp' ? await hostKeysRepo.list(scope.tx, scope.serviceId) : [];
  return toWire(row, keys);
}

function toWire(row: repo.ServerRow, keys: hostKeysRepo.HostKeyRow[]): TransferServer {
  const ssh = familyOf(row.protocol) === 'scp';
  const here = keys.filter((k) => k.host === row.host && k.port === row.port);
  return {
    id: row.id,
    name: row.name,
    protocol: row.protocol,
    host: row.host,
    port: row.port,
    username: row.username,
    auth: row.auth,
    remote_directory: row.remote_directory,
    ca_certificate: row.ca_certificate,
    client_public_key: row.client_public_key,
    host_key: ssh ? stateOf({ trusted: here.find((k) => k.status === 'trusted') ?? null, pending: here.find((k) => k.status === 'pending') ?? null }) : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The service's name, for audit targets. */
