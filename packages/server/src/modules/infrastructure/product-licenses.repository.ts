import type { ProductLicensesQuery } from '@keydeck/contract/infrastructure-queries';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-sql.ts';
import { cloudHsms } from '../../db/schema/cloud-hsms.ts';
import { blueprints, productLicenses } from '../../db/schema/infrastructure.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';
import { seatHolders } from './license-seats.ts';

type ListQuery = ProductLicensesQuery;
export type NewLicense = { model: string; reference: string; seats: number; validFrom: string; validUntil: string };

const columns = (today: string) => ({
  id: productLicenses.id,
  model: productLicenses.model,
  reference: productLicenses.reference,
  seats: productLicenses.seats,
  validFrom: productLicenses.validFrom,
  validUntil: productLicenses.validUntil,
  createdAt: productLicenses.createdAt,
  seatsUsed: sql<number>`(select count(*)::int from ${seatHolders(today)} holders where holders.license_id = "product_licenses"."id")`,
});
export type LicenseRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

export async function list(tx: Tx, query: ListQuery, today: string) {
  const where = matchesSearch(query.search, [productLicenses.model, productLicenses.reference]);
  const window = pageWindow(
    query,
    {
      model: productLicenses.model,
      reference: productLicenses.reference,
      seats: productLicenses.seats,
      valid_until: productLicenses.validUntil,
      created_at: productLicenses.createdAt,
    },
    productLicenses.id,
  );
  const [rows, [count]] = await Promise.all([
    tx.select(columns(today)).from(productLicenses).where(where).orderBy(...window.orderBy).limit(window.limit).offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(productLicenses).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findById(tx: Tx, id: string, today: string) {
  const [row] = await tx.select(columns(today)).from(productLicenses).where(eq(productLicenses.id, id));
  return row;
}

/**
 * For a model on a day: the cloud HSMs needing a seat, and the seats of its licenses valid that day other than
 * exceptId's. Locks the model's licenses, so two edits of them cannot each count on the other's seats.
 */
export async function modelSeats(tx: Tx, model: string, today: string, exceptId: string | null) {
  await tx.select({ id: productLicenses.id }).from(productLicenses).where(eq(productLicenses.model, model)).for('update');
  const [row] = await rowsOf<{ used: number; other_seats: number }>(
    tx,
    sql`select
      (select count(*)::int from ${cloudHsms} h join ${blueprints} b on b.id = h.blueprint_id
        where b.model = ${model} and h.status <> 'Deprovisioned') as used,
      (select coalesce(sum(l.seats), 0)::int from ${productLicenses} l
        where l.model = ${model} and l.valid_from <= ${today}::date and l.valid_until >= ${today}::date
          and l.id <> ${exceptId ?? '00000000-0000-0000-0000-000000000000'}::uuid) as other_seats`,
  );
  return { used: row!.used, otherSeats: row!.other_seats };
}

export async function insert(tx: Tx, license: NewLicense): Promise<string> {
  const [row] = await tx.insert(productLicenses).values(license).returning({ id: productLicenses.id });
  return row!.id;
}

export async function update(tx: Tx, id: string, license: NewLicense) {
  await tx.update(productLicenses).set(license).where(eq(productLicenses.id, id));
}

export async function remove(tx: Tx, id: string) {
  await tx.delete(productLicenses).where(eq(productLicenses.id, id));
}
