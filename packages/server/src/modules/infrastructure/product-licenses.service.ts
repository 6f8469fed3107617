import { licenseStatus } from '@keydeck/contract/licenses';
import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import type { ProductLicense, ProductLicenseFields } from '@keydeck/contract/product-licenses';
import type { Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { todayUtc } from './license-seats.ts';
import * as repo from './product-licenses.repository.ts';

type Seats = { model: string; seats: number; validFrom: string; validUntil: string };

export async function list(tx: Tx, query: Parameters<typeof repo.list>[1]) {
  const today = todayUtc();
  const { rows, total } = await repo.list(tx, query, today);
  return { data: rows.map((row) => toWire(row, today)), total };
}

export async function get(tx: Tx, id: string): Promise<ProductLicense> {
  const today = todayUtc();
  const row = await repo.findById(tx, id, today);
  if (!row) throw notFound();
  return toWire(row, today);
}

export async function referenceOf(tx: Tx, id: string): Promise<string | undefined> {
  return (await repo.findById(tx, id, todayUtc()))?.reference;
}

export async function create(tx: Tx, fields: ProductLicenseFields): Promise<ProductLicense> {
  return get(tx, await repo.insert(tx, toRow(fields)));
}

/** An edit (fewer seats, another model, other dates) may not take seats from cloud HSMs holding them. */
export async function update(tx: Tx, id: string, fields: ProductLicenseFields): Promise<ProductLicense> {
  const before = await repo.findById(tx, id, todayUtc());
  if (!before) throw notFound();
  const after = toRow(fields);
  await refuseTakingSeats(tx, id, fields.reference, before, after);
  await repo.update(tx, id, after);
  return get(tx, id);
}

export async function remove(tx: Tx, id: string): Promise<void> {
  const before = await repo.findById(tx, id, todayUtc());
  if (!before) throw notFound();
  await refuseTakingSeats(tx, id, before.reference, before, null);
  await repo.remove(tx, id);
}

/**
 * Each cloud HSM that is not Deprovisioned holds a seat of a valid license of its model. A change is refused when,
 * for a model it touches, the valid seats would fall below the HSMs holding them, and below what they are now
 * (a model already short of seats, by expiry, does not block changes that do not make it shorter).
 */
async function refuseTakingSeats(tx: Tx, id: string, reference: string, before: Seats, after: Seats | null) {
  const today = todayUtc();
  const seatsOf = (license: Seats | null, model: string) =>
    license && license.model === model && license.validFrom <= today && today <= license.validUntil ? license.seats : 0;
  for (const model of new Set([before.model, ...(after ? [after.model] : [])])) {
    const { used, otherSeats } = await repo.modelSeats(tx, model, today, id);
    const coveredAfter = otherSeats + seatsOf(after, model);
    if (coveredAfter < used && coveredAfter < otherSeats + seatsOf(before, model)) {
      const message = InfrastructureMessages.seatsInUse(reference, model, used, used - otherSeats);
      throw conflict('seats_in_use', message, { seats: [message] });
    }
  }
}

function toRow(fields: ProductLicenseFields): repo.NewLicense {
  return { model: fields.model, reference: fields.reference, seats: fields.seats, validFrom: fields.valid_from, validUntil: fields.valid_until };
}

function toWire(row: repo.LicenseRow, today: string): ProductLicense {
  return {
    id: row.id,
    model: row.model,
    reference: row.reference,
    seats: row.seats,
    seats_used: row.seatsUsed,
    valid_from: row.validFrom,
    valid_until: row.validUntil,
    status: licenseStatus(row.validFrom, row.validUntil, today),
    created_at: row.createdAt.toISOString(),
  };
}
