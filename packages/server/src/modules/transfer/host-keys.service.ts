import { Messages } from '@keydeck/contract/messages';
import type { HostKey, HostKeyState, HostKeysResultResponse, SeenHostKey } from '@keydeck/contract/transfer';
import type { Tx } from '../../db/database.ts';
import * as repo from './host-keys.repository.ts';
import { endpointOf, type PresentedKey } from './transfer.clients.ts';
import * as serversRepo from './transfer-servers.repository.ts';
import type { TransferScope } from './transfer.scope.ts';
import { iso } from '../../db/raw-sql.ts';

type Ref = { host: string; port: number; fingerprint: string };
type Result = HostKeysResultResponse['results'][number];


/** Where a host's key stands, and the fingerprint to show: the one awaiting confirmation, else the trusted one. */
export function stateOf(known: repo.KnownKeys): { state: HostKeyState; fingerprint: string | null } {
  if (known.pending) return { state: known.trusted ? 'changed' : 'pending', fingerprint: known.pending.fingerprint };
  if (known.trusted) return { state: 'trusted', fingerprint: known.trusted.fingerprint };
  return { state: 'unknown', fingerprint: null };
}

/** How people write a fingerprint they read off a screen: with or without 'SHA256:', with base64 padding. */
export function normalFingerprint(text: string): string {
  const bare = text.trim().replace(/^SHA256:/i, '').replace(/=+$/, '');
  return `SHA256:${bare}`;
}

export async function list(scope: Pick<TransferScope, 'tx' | 'serviceId'>): Promise<{ host_keys: HostKey[] }> {
  const rows = await repo.list(scope.tx, scope.serviceId);
  const servers = await serversRepo.sshServersByEndpoint(scope.tx, scope.serviceId);
  const trustedAt = new Map(rows.filter((r) => r.status === 'trusted').map((r) => [`${r.host} ${r.port}`, r.fingerprint]));
  return {
    host_keys: rows.map((r) => ({
      id: r.id,
      host: r.host,
      port: r.port,
      key_type: r.key_type,
      fingerprint: r.fingerprint,
      public_key: r.public_key,
      status: r.status,
      first_seen_at: iso(r.first_seen_at)!,
      last_seen_at: iso(r.last_seen_at)!,
      confirmed_by: r.confirmed_by,
      confirmed_at: iso(r.confirmed_at),
      replaces: r.status === 'pending' ? (trustedAt.get(`${r.host} ${r.port}`) ?? null) : null,
      servers: servers.get(`${r.host} ${r.port}`) ?? [],
    })),
  };
}

/**
 * Trusts each host's pending key once the operator confirmed its fingerprint: the one entered must be the one the
 * server presented, so a key recorded since the operator looked (another change) is not trusted by mistake.
 */
export async function trust(scope: TransferScope, refs: Ref[]): Promise<HostKeysResultResponse> {
  const results: Result[] = [];
  for (const ref of refs) {
    const endpoint = endpointOf(ref);
    const known = await repo.forEndpoint(scope.tx, scope.serviceId, ref.host, ref.port);
    const entered = normalFingerprint(ref.fingerprint);
    const refusal = !known.pending ? Messages.hostKeyNonePending : known.pending.fingerprint !== entered ? Messages.hostKeyFingerprintMismatch(known.pending.fingerprint) : null;
    if (refusal || !known.pending) {
      results.push({ name: `${endpoint} ${entered}`, success: false, message: Messages.hostKeyTrustFailed(endpoint, refusal ?? '') });
      continue;
    }
    await repo.trust(scope.tx, scope.serviceId, known.pending, scope.actor);
    results.push({ name: `${endpoint} ${entered}`, success: true, message: Messages.hostKeyTrusted(endpoint, entered) });
  }
  return { results };
}

/** Forgets keys (trusted or pending): the next connection to the host records its key anew, as on first contact. */
export async function forget(scope: TransferScope, refs: Ref[]): Promise<HostKeysResultResponse> {
  const results: Result[] = [];
  for (const ref of refs) {
    const endpoint = endpointOf(ref);
    const entered = normalFingerprint(ref.fingerprint);
    const known = await repo.forEndpoint(scope.tx, scope.serviceId, ref.host, ref.port);
    const row = [known.pending, known.trusted].find((k) => k?.fingerprint === entered);
    if (!row) {
      results.push({ name: `${endpoint} ${entered}`, success: false, message: Messages.hostKeyForgetFailed(endpoint) });
      continue;
    }
    await repo.remove(scope.tx, row.id);
    results.push({ name: `${endpoint} ${entered}`, success: true, message: Messages.hostKeyForgotten(endpoint, entered) });
  }
  return { results };
}

/**
 * What a connection learnt of the host's key: the trusted key seen again, or another key, recorded as pending for
 * an operator to confirm (first contact, or a changed key). Null when the connection never got to the key.
 */
export async function observe(
  tx: Tx,
  where: { accountId: string; serviceId: string; host: string; port: number },
  known: repo.KnownKeys,
  presented: PresentedKey | null,
): Promise<SeenHostKey | null> {
  if (!presented) return null;
  const seen = { host: where.host, port: where.port, key_type: presented.keyType, fingerprint: presented.fingerprint };
  if (known.trusted && known.trusted.fingerprint === presented.fingerprint) {
    await repo.touch(tx, known.trusted.id);
    return { ...seen, status: 'trusted' };
  }
  await repo.recordPending(tx, where, presented);
  return { ...seen, status: 'pending' };
}
