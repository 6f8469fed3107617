import { Messages } from '@keydeck/contract/messages';
import { familyOf, TRANSFER_TEST_TIMEOUT_MS, type TransferFamily, type TransferTestResult } from '@keydeck/contract/transfer';
import type { Tx } from '../../db/database.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import { notFound } from '../../platform/errors.ts';
import { accountScope, inScope, type TenantScope } from '../../platform/tenant-scope.ts';
import * as hostKeysRepo from './host-keys.repository.ts';
import { observe } from './host-keys.service.ts';
import { endpointOf, onRemote, TransferError, type Attempt, type Remote, type Timeouts } from './transfer.clients.ts';
import * as serversRepo from './transfer-servers.repository.ts';
import { findForTest, secretContext } from './transfer-servers.service.ts';

// Other modules (scheduled reports) reach transfers only through this service, never the clients themselves.
export { TransferError, type Timeouts } from './transfer.clients.ts';

/** What connecting to a transfer server needs: the database (outside any request), the egress policy, the secret box. */
export type TransferDeps = Pick<AppDeps, 'db' | 'egress' | 'secretBox'>;

const TEST_TIMEOUTS: Timeouts = { connectMs: TRANSFER_TEST_TIMEOUT_MS, totalMs: TRANSFER_TEST_TIMEOUT_MS };
/** A delivery connects as quickly as a test, and may then take a while to write a large report. */
export const DELIVERY_TIMEOUTS: Timeouts = { connectMs: TRANSFER_TEST_TIMEOUT_MS, totalMs: 120_000 };

/** A connection test made before the request's transaction opened, for its handler to record. */
export type PreparedTest = {
  server: serversRepo.ServerRow;
  known: hostKeysRepo.KnownKeys;
  attempt: Attempt<number>;
  elapsedMs: number;
};

function remoteOf(deps: TransferDeps, server: serversRepo.ServerRow, known: hostKeysRepo.KnownKeys): Remote {
  return {
    protocol: server.protocol,
    host: server.host,
    port: server.port,
    username: server.username,
    auth: server.auth,
    secret: deps.secretBox.open(server.secret_sealed, secretContext(server.id)),
    remoteDirectory: server.remote_directory,
    caCertificate: server.ca_certificate,
    trustedKey: known.trusted ? { keyType: known.trusted.key_type, fingerprint: known.trusted.fingerprint } : null,
  };
}

async function knownKeys(tx: Tx, server: serversRepo.ServerRow): Promise<hostKeysRepo.KnownKeys> {
  return familyOf(server.protocol) === 'scp' ? hostKeysRepo.forEndpoint(tx, server.service_id, server.host, server.port) : { trusted: null, pending: null };
}

/**
 * Tests a saved server: connect (through the egress policy), check the host key, sign in, list the remote
 * directory, within TRANSFER_TEST_TIMEOUT_MS. Reads in a transaction of its own and connects after it ended:
 * no transaction stays open during network I/O. 404 for a name the service's family does not hold.
 */
export async function testConnection(deps: TransferDeps, tenant: TenantScope, serviceId: string, family: TransferFamily, name: string): Promise<PreparedTest> {
  const found = await inScope(deps.db, tenant, async (tx) => {
    const server = await findForTest(tx, serviceId, family, name);
    return server ? { server, known: await knownKeys(tx, server) } : null;
  });
  if (!found) throw notFound(Messages.transferServerUnknown(name));
  const started = Date.now();
  const attempt = await onRemote(remoteOf(deps, found.server, found.known), deps.egress, TEST_TIMEOUTS, (session) => session.list());
  return { ...found, attempt, elapsedMs: Date.now() - started };
}

/** Records what the test learnt of the host key (in the request's transaction) and words its outcome. */
export async function recordTest(tx: Tx, prepared: PreparedTest): Promise<TransferTestResult> {
  const { server, attempt } = prepared;
  const host_key = await observe(tx, { accountId: server.account_id, serviceId: server.service_id, host: server.host, port: server.port }, prepared.known, attempt.presented);
  return {
    success: attempt.ok,
    message: attempt.ok ? Messages.transferConnected(endpointOf(server), server.username, server.remote_directory, attempt.value) : attempt.error.message,
    host_key,
    entries: attempt.ok ? attempt.value : null,
    elapsed_ms: prepared.elapsedMs,
  };
}

/** Names a file may not have: anything with a directory part, a line break or a control character, '.' and '..'. */
// eslint-disable-next-line no-control-regex
const BAD_FILE_NAME = /[/\\\u0000-\u001f\u007f]/;

/** Which server a delivery goes to: it must belong to the account's service, as a scheduled report names it. */
export type DeliveryTarget = { accountId: string; serviceId: string; serverId: string };

/**
 * Delivers one file to a transfer server of a service (scheduled reports): the same checks as a connection test,
 * then the file written into the server's remote directory. An SSH server whose host key is not trusted gets
 * nothing, and the key it presented is recorded as pending for an operator to confirm. Outside any request:
 * reads and records in transactions of their own, never across the network I/O.
 * Throws TransferError, its message fit for the report's run history.
 */
export async function deliverFile(
  deps: TransferDeps,
  target: DeliveryTarget,
  fileName: string,
  content: Buffer | string,
  timeouts: Timeouts = DELIVERY_TIMEOUTS,
): Promise<{ path: string; bytes: number; message: string }> {
  if (!fileName || fileName === '.' || fileName === '..' || fileName.length > 255 || BAD_FILE_NAME.test(fileName)) {
    throw new TransferError(Messages.transferFileNameInvalid, 'other');
  }
  const tenant = accountScope(target.accountId);
  const found = await inScope(deps.db, tenant, async (tx) => {
    const server = await serversRepo.findById(tx, target.serviceId, target.serverId);
    return server ? { server, known: await knownKeys(tx, server) } : null;
  });
  if (!found) throw new TransferError(Messages.transferServerUnknown(target.serverId), 'other');
  const { server, known } = found;
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const attempt = await onRemote(remoteOf(deps, server, known), deps.egress, timeouts, (session) => session.upload(fileName, data));
  if (attempt.presented) {
    await inScope(deps.db, tenant, (tx) =>
      observe(tx, { accountId: server.account_id, serviceId: server.service_id, host: server.host, port: server.port }, known, attempt.presented),
    );
  }
  if (!attempt.ok) throw attempt.error;
  return { path: attempt.value, bytes: data.length, message: Messages.transferDelivered(attempt.value, endpointOf(server), data.length) };
}
