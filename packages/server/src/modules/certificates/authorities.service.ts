import { randomUUID } from 'node:crypto';
import {
  CA_KEY_USAGES,
  type CertAuthority,
  type CertAuthorityCreate,
  type CertAuthorityDeleteResult,
  type KeyPairAlgorithm,
  type RevocationReason,
} from '@keydeck/contract/certificates';
import { Messages } from '@keydeck/contract/messages';
import { badRequest, conflict, notFound, unavailable } from '../../platform/errors.ts';
import { KeystoreUnavailableError, KeystoreUnsupportedError, type KeyPairHandle } from '../../platform/keystore.ts';
import * as repo from './authorities.repository.ts';
import type { CaListRow, CaRow } from './authorities.repository.ts';
import { type CertScope } from './certificates.scope.ts';
import * as certificatesRepo from './issued-certificates.repository.ts';
import {
  caCertificate, certificateRevocationList, crlDer, crlPemOf, nameOf, parseCertificate, pemOf, randomSerial, sha256Fingerprint, validityFrom, type Signer,
} from './x509.ts';
import { iso } from '../../db/raw-sql.ts';

const DAY = 86_400_000;
/** A CRL is good for a week; one older than a day is signed afresh when asked for, as is one a revocation made stale. */
export const CRL_VALIDITY_MS = 7 * DAY;
const CRL_REFRESH_MS = DAY;

/** The keystore going away mid-call is a 503 that changed nothing: the request's transaction rolls back. */
export function keystoreFailure(error: unknown): unknown {
  if (error instanceof KeystoreUnavailableError) return unavailable('keystore_unavailable', Messages.keystoreUnavailable);
  if (error instanceof KeystoreUnsupportedError) return conflict('keystore_unsupported', error.message);
  return error;
}

export const handleOf = (ca: Pick<CaRow, 'id' | 'key_algorithm' | 'key_ref'>): KeyPairHandle => ({
  id: ca.id,
  algorithm: ca.key_algorithm as KeyPairAlgorithm,
  ref: ca.key_ref,
});
const signerOf = (scope: CertScope, ca: CaRow): Signer => ({ keystore: scope.keystore, key: handleOf(ca) });
const isExpired = (ca: Pick<CaRow, 'not_after'>, now = Date.now()) => new Date(ca.not_after).getTime() <= now;
const keyUsageOf = (ca: CaRow) => CA_KEY_USAGES.filter((usage) => ca.key_usage.split(',').includes(usage));

function toCertAuthority(row: CaListRow, byId: Map<string, CaListRow>, depth: number): CertAuthority {
  const certificate = parseCertificate(row.certificate_pem);
  return {
    ca_name: row.name,
    parent: row.parent_id ? (byId.get(row.parent_id)?.name ?? null) : null,
    depth,
    subject: row.subject,
    issuer: certificate.issuer,
    serial: row.serial,
    key_algorithm: row.key_algorithm as KeyPairAlgorithm,
    keystore: row.keystore as CertAuthority['keystore'],
    not_before: iso(row.not_before)!,
    not_after: iso(row.not_after)!,
    validity_days: Math.round((new Date(row.not_after).getTime() - new Date(row.not_before).getTime()) / DAY),
    path_length: row.path_length,
    key_usage: keyUsageOf(row),
    status: isExpired(row) ? 'expired' : 'active',
    certificates_issued: row.certificates_issued,
    unexpired_certificates: row.unexpired_certificates,
    child_cas: row.child_cas,
    sha256_fingerprint: row.sha256_fingerprint,
    crl_number: row.crl_number,
    created_by: row.created_by,
    created_at: iso(row.created_at)!,
  };
}

/** The service's CAs as a tree read top down: each root, then the CAs under it (depth first), siblings by name. */
export async function list(scope: CertScope): Promise<{ cas: CertAuthority[] }> {
  const rows = await repo.list(scope.tx, scope.access.serviceId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const cas: CertAuthority[] = [];
  const visit = (parentId: string | null, depth: number) => {
    for (const row of rows.filter((r) => r.parent_id === parentId)) {
      cas.push(toCertAuthority(row, byId, depth));
      visit(row.id, depth + 1);
    }
  };
  visit(null, 0);
  return { cas };
}

/**
 * Creates a CA: its key pair generated in the keystore, its certificate self-signed (a root) or signed by the
 * parent CA's key, valid validity_days but never past the parent's notAfter. A key already generated for a CA
 * that then fails is destroyed.
 */
export async function create(scope: CertScope, body: CertAuthorityCreate): Promise<{ ca: CertAuthority; validity_capped: boolean }> {
  const serviceId = scope.access.serviceId;
  const found = await repo.findByNames(scope.tx, serviceId, body.parent ? [body.ca_name, body.parent] : [body.ca_name]);
  if (found.has(body.ca_name.toLowerCase())) throw badRequest({ ca_name: [Messages.caExists(body.ca_name)] });
  const parent = body.parent ? found.get(body.parent.toLowerCase()) : undefined;
  let pathLength = body.path_length;
  if (body.parent) {
    if (!parent) throw badRequest({ parent: [Messages.caUnknown(body.parent)] });
    if (isExpired(parent)) throw badRequest({ parent: [Messages.caExpired(parent.name)] });
    if (parent.path_length !== null) {
      if (parent.path_length === 0) throw badRequest({ parent: [Messages.caPathLengthExhausted(parent.name)] });
      const max = parent.path_length - 1;
      if (pathLength !== null && pathLength > max) throw badRequest({ path_length: [Messages.caPathLengthTooLong(parent.name, max)] });
      pathLength ??= max;
    }
  }

  const id = randomUUID();
  const algorithm = body.key_algorithm;
  let generated: { ref: string; publicKeySpki: Buffer };
  try {
    generated = await scope.keystore.generateKeyPair({ id, algorithm });
  } catch (error) {
    throw keystoreFailure(error);
  }
  const own: KeyPairHandle = { id, algorithm, ref: generated.ref };
  try {
    const notBefore = validityFrom();
    const wanted = new Date(notBefore.getTime() + body.validity_days * DAY);
    const notAfter = parent && new Date(parent.not_after) < wanted ? new Date(parent.not_after) : wanted;
    const certificate = await caCertificate({
      signer: parent ? signerOf(scope, parent) : { keystore: scope.keystore, key: own },
      issuer: parent ? parseCertificate(parent.certificate_pem) : null,
      subject: nameOf(body.subject),
      publicKeySpki: generated.publicKeySpki,
      serial: randomSerial(),
      notBefore,
      notAfter,
      pathLength,
      keyUsage: body.key_usage,
    });
    const row: repo.NewCa = {
      id,
      parent_id: parent?.id ?? null,
      name: body.ca_name,
      subject: certificate.subject,
      serial: certificate.serialNumber.toUpperCase(),
      key_algorithm: algorithm,
      keystore: scope.keystore.kind,
      key_ref: generated.ref,
      certificate_pem: pemOf(certificate),
      sha256_fingerprint: sha256Fingerprint(certificate),
      not_before: certificate.notBefore,
      not_after: certificate.notAfter,
      path_length: pathLength,
      key_usage: body.key_usage.join(','),
      created_by: scope.actor,
    };
    await repo.insert(scope.tx, scope.accountId, serviceId, row);
    const listed = { ...row, crl_number: 0, crl_pem: null, crl_this_update: null, crl_next_update: null, created_at: new Date() };
    const byId = new Map(parent ? [[parent.id, { ...parent, certificates_issued: 0, unexpired_certificates: 0, child_cas: 0 }]] : []);
    const depth = parent ? (await ancestry(scope, parent.id)).length : 0;
    return {
      ca: toCertAuthority({ ...listed, certificates_issued: 0, unexpired_certificates: 0, child_cas: 0 }, byId, depth),
      validity_capped: notAfter.getTime() < wanted.getTime(),
    };
  } catch (error) {
    await scope.keystore.destroy(own).catch(() => undefined);
    throw keystoreFailure(error);
  }
}

/** The CA and the CAs above it, nearest first, up to the root. */
async function ancestry(scope: CertScope, caId: string): Promise<CaListRow[]> {
  const rows = await repo.list(scope.tx, scope.access.serviceId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chain: CaListRow[] = [];
  for (let row = byId.get(caId); row && chain.length <= rows.length; row = row.parent_id ? byId.get(row.parent_id) : undefined) chain.push(row);
  return chain;
}

/** The certificates from the CA up to its root, PEM, nearest first (the chain a TLS server sends after its own). */
export async function chainPem(scope: CertScope, caId: string): Promise<string> {
  return (await ancestry(scope, caId)).map((ca) => ca.certificate_pem).join('');
}

/**
 * Deletes each CA on its own, the deepest first (so a batch may hold a CA and the CAs under it). A CA under which
 * another CA remains is refused; one with certificates that have not expired is refused unless confirmed, and
 * then goes with its certificates. Its key is destroyed once the deletion is committed.
 */
export async function remove(scope: CertScope, names: string[], confirm: boolean): Promise<{ results: CertAuthorityDeleteResult[] }> {
  const unique = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
  const rows = await repo.list(scope.tx, scope.access.serviceId);
  const byName = new Map(rows.map((r) => [r.name.toLowerCase(), r]));
  const depthOf = (row: CaRow | undefined) => {
    let depth = 0;
    for (let current = row; current?.parent_id && depth <= rows.length; depth++) current = rows.find((r) => r.id === current!.parent_id);
    return depth;
  };
  const order = [...unique].sort((a, b) => depthOf(byName.get(b.toLowerCase())) - depthOf(byName.get(a.toLowerCase())));
  const outcome = new Map<string, CertAuthorityDeleteResult>();
  for (const name of order) {
    const ca = byName.get(name.toLowerCase());
    const refuse = (reason: string, confirmationRequired = false) =>
      outcome.set(name, { name, success: false, message: Messages.caDeleteFailed, reason, confirmation_required: confirmationRequired });
    if (!ca) {
      refuse(Messages.caUnknown(name));
      continue;
    }
    const { children, unexpired } = await repo.dependants(scope.tx, ca.id);
    if (children > 0) {
      refuse(Messages.caHasChildren(ca.name, children));
      continue;
    }
    if (unexpired > 0 && !confirm) {
      refuse(Messages.caHasUnexpiredCertificates(ca.name, unexpired), true);
      continue;
    }
    await repo.remove(scope.tx, ca.id);
    scope.afterCommit(() => scope.keystore.destroy(handleOf(ca)));
    outcome.set(name, { name: ca.name, success: true, message: Messages.caDeleted, reason: null, confirmation_required: false });
  }
  return { results: unique.map((name) => outcome.get(name)!) };
}

/** Each named CA as its audit trail knows it, read before a deletion removes it: "name (serial x, n unexpired certificates)" a line. */
export async function describeCas(scope: Pick<CertScope, 'tx' | 'access'>, names: string[]): Promise<string> {
  const cas = await repo.findByNames(scope.tx, scope.access.serviceId, names);
  const lines: string[] = [];
  for (const ca of cas.values()) {
    const { unexpired } = await repo.dependants(scope.tx, ca.id);
    lines.push(`${ca.name} (serial ${ca.serial}, ${unexpired} unexpired certificate${unexpired === 1 ? '' : 's'})`);
  }
  return lines.join('\n');
}

export async function findCa(scope: CertScope, name: string): Promise<CaRow> {
  const ca = (await repo.findByNames(scope.tx, scope.access.serviceId, [name])).get(name.toLowerCase());
  if (!ca) throw notFound(Messages.caUnknown(name));
  return ca;
}

/** The CA's certificate, PEM, and with chain its issuers' up to the root. */
export async function download(scope: CertScope, name: string, chain: boolean): Promise<{ ca: CaRow; pem: string }> {
  const ca = await findCa(scope, name);
  return { ca, pem: chain ? await chainPem(scope, ca.id) : ca.certificate_pem };
}

export type CrlAnswer = { ca: CaRow; der: Buffer; pem: string; number: number; signed: boolean };

/**
 * The CA's current CRL: the one kept, unless a revocation made it stale or it is more than a day old; then a new
 * one, its number one more, signed by the CA's key and kept. The CA row is locked while a CRL is signed.
 */
export async function crl(scope: CertScope, name: string): Promise<CrlAnswer> {
  const found = await findCa(scope, name);
  const fresh = (ca: CaRow) => ca.crl_pem !== null && ca.crl_this_update !== null && Date.now() - new Date(ca.crl_this_update).getTime() < CRL_REFRESH_MS;
  if (fresh(found)) return { ca: found, pem: found.crl_pem!, der: crlDer(found.crl_pem!), number: found.crl_number, signed: false };
  const ca = (await repo.lock(scope.tx, found.id))!;
  if (fresh(ca)) return { ca, pem: ca.crl_pem!, der: crlDer(ca.crl_pem!), number: ca.crl_number, signed: false };
  const number = ca.crl_number + 1;
  const thisUpdate = new Date(Math.floor(Date.now() / 1000) * 1000);
  const nextUpdate = new Date(thisUpdate.getTime() + CRL_VALIDITY_MS);
  const revoked = await certificatesRepo.revokedOf(scope.tx, ca.id);
  try {
    const list = await certificateRevocationList({
      signer: signerOf(scope, ca),
      issuer: parseCertificate(ca.certificate_pem),
      number,
      thisUpdate,
      nextUpdate,
      revoked: revoked.map((r) => ({ serial: r.serial, revokedAt: new Date(r.revoked_at), reason: r.revocation_reason as RevocationReason })),
    });
    const pem = crlPemOf(list);
    await repo.saveCrl(scope.tx, ca.id, { number, pem, thisUpdate, nextUpdate });
    return { ca, pem, der: Buffer.from(list.rawData), number, signed: true };
  } catch (error) {
    throw keystoreFailure(error);
  }
}

