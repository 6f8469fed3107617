import type { ExternalCaDetailWire, ExternalCaWire } from '@keydeck/contract/external-cas';
import { Messages } from '@keydeck/contract/messages';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import * as services from '../services/services.service.ts';
import { readCaCertificate } from './ca-certificate.ts';
import * as repo from './cryptoverse.repository.ts';

type ListQuery = Parameters<typeof repo.listExternalCas>[2];

/** Who calls, on which service: the service-access guard has checked the caller's live session on it. */
export type ServiceScope = { principal: Principal; serviceId: string };

/** External CAs live in cryptoverse services only; any other service has none to show or take. */
async function requireCryptoverse(tx: Tx, scope: ServiceScope): Promise<void> {
  const service = await services.getService(tx, scope.principal, scope.serviceId);
  if (service.type !== 'cryptoverse') throw notFound(Messages.notCryptoverseService);
}

export async function listExternalCas(tx: Tx, scope: ServiceScope, query: ListQuery) {
  await requireCryptoverse(tx, scope);
  const { rows, total } = await repo.listExternalCas(tx, scope.serviceId, query);
  return { data: rows.map(toWire), total };
}

export async function getExternalCa(tx: Tx, scope: ServiceScope, id: string): Promise<ExternalCaDetailWire> {
  await requireCryptoverse(tx, scope);
  const row = await findOrFail(tx, scope.serviceId, id);
  return { ...toWire(row), certificate_data: row.certificateDer.toString('base64') };
}

/** Takes a CA certificate (PEM or DER, base64); anything that is not one is refused with 400 and nothing stored. */
export async function createExternalCa(
  tx: Tx,
  scope: ServiceScope,
  input: { external_ca_name: string; external_ca_file: string },
): Promise<ExternalCaWire> {
  await requireCryptoverse(tx, scope);
  const certificate = readCaCertificate(input.external_ca_file);
  if ('refusal' in certificate) throw badRequest({ external_ca_file: [certificate.refusal] }, certificate.refusal);
  if (await repo.nameTaken(tx, scope.serviceId, input.external_ca_name)) {
    const message = Messages.externalCaNameTaken(input.external_ca_name);
    throw conflict('name_taken', message, { external_ca_name: [message] });
  }
  const row = await repo.insertExternalCa(tx, {
    accountId: scope.principal.account.id,
    serviceId: scope.serviceId,
    name: input.external_ca_name,
    objectType: certificate.objectType,
    subject: certificate.subject,
    issuer: certificate.issuer,
    serial: certificate.serial,
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
    sha256Fingerprint: certificate.sha256Fingerprint,
    certificateDer: certificate.der,
  });
  return toWire(row);
}

/** Archives or unarchives (spec §4); the body's id must name the CA of the path. */
export async function updateExternalCa(
  tx: Tx,
  scope: ServiceScope,
  id: string,
  input: { id: string; is_archived: boolean },
): Promise<ExternalCaWire> {
  if (input.id !== id) throw badRequest({ id: [Messages.externalCaIdMismatch] }, Messages.externalCaIdMismatch);
  await requireCryptoverse(tx, scope);
  await findOrFail(tx, scope.serviceId, id);
  return toWire(await repo.setArchived(tx, id, input.is_archived));
}

async function findOrFail(tx: Tx, serviceId: string, id: string): Promise<repo.ExternalCaRow> {
  // Ids are uuids here; anything else names no external CA (and must not reach a uuid comparison).
  const row = UUID.test(id) ? await repo.findExternalCa(tx, serviceId, id) : undefined;
  if (!row) throw notFound();
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toWire(row: repo.ExternalCaRow): ExternalCaWire {
  return {
    id: row.id,
    name: row.name,
    is_archived: row.isArchived,
    has_probe_pki: row.hasProbePki,
    object_type: row.objectType,
    subject: row.subject,
    issuer: row.issuer,
    serial: row.serial,
    not_before: row.notBefore.toISOString(),
    not_after: row.notAfter.toISOString(),
    sha256_fingerprint: row.sha256Fingerprint,
  };
}
