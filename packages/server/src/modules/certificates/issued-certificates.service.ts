import { randomUUID } from 'node:crypto';
import {
  EXTENDED_KEY_USAGES,
  type CertificatesQuery,
  type IssuedCertificate,
  type RevocationReason,
} from '@keydeck/contract/certificates';
import { Messages } from '@keydeck/contract/messages';
import { badRequest, notFound } from '../../platform/errors.ts';
import * as authoritiesRepo from './authorities.repository.ts';
import { chainPem, handleOf, keystoreFailure } from './authorities.service.ts';
import { type CertScope } from './certificates.scope.ts';
import * as repo from './issued-certificates.repository.ts';
import type { CertificateRow } from './issued-certificates.repository.ts';
import { leafCertificate, parseCertificate, pemOf, randomSerial, readCertificateRequest, sha256Fingerprint, validityFrom } from './x509.ts';
import { iso } from '../../db/raw-sql.ts';
import { totalFields } from '../../platform/list-count.ts';

const DAY = 86_400_000;

function statusOf(row: Pick<CertificateRow, 'revoked_at' | 'not_after'>): IssuedCertificate['status'] {
  if (row.revoked_at) return 'revoked';
  return new Date(row.not_after).getTime() <= Date.now() ? 'expired' : 'valid';
}

export const toIssuedCertificate = (row: CertificateRow): IssuedCertificate => ({
  serial: row.serial,
  subject: row.subject,
  sans: row.sans ? row.sans.split('\n') : [],
  ca: row.ca_name,
  issuer: row.ca_subject,
  key_algorithm: row.key_algorithm,
  extended_key_usage: EXTENDED_KEY_USAGES.filter((usage) => row.extended_key_usage.split(',').includes(usage)),
  not_before: iso(row.not_before)!,
  not_after: iso(row.not_after)!,
  status: statusOf(row),
  revoked_at: iso(row.revoked_at),
  revocation_reason: row.revocation_reason as IssuedCertificate['revocation_reason'],
  sha256_fingerprint: row.sha256_fingerprint,
  issued_by: row.issued_by,
  issued_at: iso(row.created_at)!,
});

export async function list(scope: CertScope, query: CertificatesQuery) {
  let caId: string | null = null;
  if (query.ca) {
    const ca = (await authoritiesRepo.findByNames(scope.tx, scope.access.serviceId, [query.ca])).get(query.ca.toLowerCase());
    if (!ca) throw notFound(Messages.caUnknown(query.ca));
    caId = ca.id;
  }
  const { rows, total, next_cursor, prev_cursor } = await repo.listPage(scope.tx, scope.access.serviceId, query, caId);
  return { data: rows.map(toIssuedCertificate), ...totalFields(total), next_cursor, prev_cursor };
}

/**
 * Issues a certificate for a PEM certificate signing request whose self-signature verifies: its subject and
 * subject alternative names, valid validity_days from now but never past the CA's notAfter, signed by the CA's
 * key in the keystore.
 */
export async function issue(scope: CertScope, body: { ca: string; csr: string; validity_days: number; extended_key_usage: IssuedCertificate['extended_key_usage'] }) {
  const ca = (await authoritiesRepo.findByNames(scope.tx, scope.access.serviceId, [body.ca])).get(body.ca.toLowerCase());
  if (!ca) throw badRequest({ ca: [Messages.caUnknown(body.ca)] });
  if (new Date(ca.not_after).getTime() <= Date.now()) throw badRequest({ ca: [Messages.caExpired(ca.name)] });
  const request = await readCertificateRequest(body.csr);
  if ('refusal' in request) throw badRequest({ csr: [request.refusal] });

  const notBefore = validityFrom();
  const wanted = new Date(notBefore.getTime() + body.validity_days * DAY);
  const notAfter = new Date(ca.not_after) < wanted ? new Date(ca.not_after) : wanted;
  const extendedKeyUsage = EXTENDED_KEY_USAGES.filter((usage) => body.extended_key_usage.includes(usage));
  let certificate: Awaited<ReturnType<typeof leafCertificate>>;
  try {
    certificate = await leafCertificate({
      signer: { keystore: scope.keystore, key: handleOf(ca) },
      issuer: parseCertificate(ca.certificate_pem),
      request,
      serial: randomSerial(),
      notBefore,
      notAfter,
      extendedKeyUsage,
    });
  } catch (error) {
    throw keystoreFailure(error);
  }
  const row: repo.NewCertificate = {
    id: randomUUID(),
    ca_id: ca.id,
    serial: certificate.serialNumber.toUpperCase(),
    subject: certificate.subject,
    sans: request.sans.join('\n'),
    key_algorithm: request.keyAlgorithm,
    extended_key_usage: extendedKeyUsage.join(','),
    certificate_pem: pemOf(certificate),
    sha256_fingerprint: sha256Fingerprint(certificate),
    not_before: certificate.notBefore,
    not_after: certificate.notAfter,
    issued_by: scope.actor,
  };
  await repo.insert(scope.tx, scope.accountId, scope.access.serviceId, row);
  return {
    certificate: toIssuedCertificate({ ...row, ca_name: ca.name, ca_subject: ca.subject, revoked_at: null, revocation_reason: null, created_at: new Date() }),
    pem: row.certificate_pem,
    validity_capped: notAfter.getTime() < wanted.getTime(),
  };
}

/** Revokes each certificate on its own, with the reason; its CA's CRL is signed afresh when next asked for. */
export async function revoke(scope: CertScope, serials: string[], reason: RevocationReason) {
  const unique = [...new Set(serials)];
  const found = await repo.findBySerials(scope.tx, scope.access.serviceId, unique);
  const results: { name: string; success: boolean; message: string }[] = [];
  const stale = new Set<string>();
  for (const serial of unique) {
    const certificate = found.get(serial);
    if (!certificate) {
      results.push({ name: serial, success: false, message: Messages.certificateRevokeFailed(serial, Messages.certificateUnknown(serial)) });
      continue;
    }
    if (!(await repo.revoke(scope.tx, certificate.id, reason))) {
      const when = iso(certificate.revoked_at)?.slice(0, 10) ?? 'an earlier date';
      results.push({ name: serial, success: false, message: Messages.certificateRevokeFailed(serial, Messages.certificateAlreadyRevoked(serial, when)) });
      continue;
    }
    stale.add(certificate.ca_id);
    results.push({ name: serial, success: true, message: Messages.certificateRevoked(serial) });
  }
  await authoritiesRepo.markCrlStale(scope.tx, [...stale]);
  return { results };
}

/** Each serial as the audit trail knows it: "serial (subject, CA name)" a line. */
export async function describeCertificates(scope: Pick<CertScope, 'tx' | 'access'>, serials: string[]): Promise<string> {
  const found = await repo.findBySerials(scope.tx, scope.access.serviceId, serials);
  return [...found.values()].map((c) => `${c.serial} (${c.subject}, CA ${c.ca_name})`).join('\n');
}

/** The certificate, PEM, and with chain its CA's chain up to the root after it. */
export async function download(scope: CertScope, serial: string, chain: boolean): Promise<{ certificate: CertificateRow; pem: string }> {
  const certificate = (await repo.findBySerials(scope.tx, scope.access.serviceId, [serial])).get(serial);
  if (!certificate) throw notFound(Messages.certificateUnknown(serial));
  return { certificate, pem: certificate.certificate_pem + (chain ? await chainPem(scope, certificate.ca_id) : '') };
}
