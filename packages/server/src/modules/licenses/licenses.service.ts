import { randomInt } from 'node:crypto';
import { licenseStatus, type License, type LicenseFields, type LicenseUpdate, type LicensesQuery } from '@keydeck/contract/licenses';
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../platform/errors.ts';
import * as accounts from '../accounts/accounts.service.ts';
import * as repo from './licenses.repository.ts';

/** Crockford's base32: no I, L, O or U, so a key read aloud or retyped is not misread. */
const KEY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const KEY_ATTEMPTS = 5;

export async function listLicenses(tx: Tx, accountId: string, query: LicensesQuery) {
  await requireAccount(tx, accountId);
  const { rows, total } = await repo.listLicenses(tx, accountId, query);
  const today = todayUtc();
  return { data: rows.map((r) => toWire(r, today)), total };
}

/** Grants licenses all together or not at all, each with a fresh readable key. */
export async function createLicenses(tx: Tx, accountId: string, inputs: LicenseFields[]): Promise<License[]> {
  await requireAccount(tx, accountId);
  const created: repo.LicenseRow[] = [];
  for (const input of inputs) created.push(await insertWithFreshKey(tx, { accountId, ...columns(input) }));
  const today = todayUtc();
  return created.map((r) => toWire(r, today));
}

export async function updateLicenses(tx: Tx, accountId: string, changes: LicenseUpdate[]): Promise<License[]> {
  const ids = [...new Set(changes.map((c) => c.id))];
  if ((await repo.findLicenses(tx, accountId, ids)).length !== ids.length) throw notFound();
  for (const change of changes) await repo.updateLicense(tx, accountId, change.id, columns(change));
  const today = todayUtc();
  return (await repo.findLicenses(tx, accountId, ids)).map((r) => toWire(r, today));
}

/** Deletes licenses of the account; any id that is not one of them answers 404 and deletes nothing. */
export async function deleteLicenses(tx: Tx, accountId: string, ids: string[]): Promise<string[]> {
  const deleted = await repo.deleteLicenses(tx, accountId, ids);
  if (deleted.length !== new Set(ids).size) throw notFound();
  return deleted.map((d) => d.licenseKey);
}

async function insertWithFreshKey(tx: Tx, license: Omit<repo.NewLicense, 'licenseKey'>) {
  for (let attempt = 0; attempt < KEY_ATTEMPTS; attempt++) {
    const row = await repo.insertLicense(tx, { ...license, licenseKey: newLicenseKey() });
    if (row) return row;
  }
  throw new Error('Could not draw an unused license key');
}

/** KD-XXXX-XXXX: 40 random bits, ample for keys that identify licenses and are checked for uniqueness. */
export function newLicenseKey(): string {
  const group = () => Array.from({ length: 4 }, () => KEY_ALPHABET[randomInt(KEY_ALPHABET.length)]).join('');
  return `KD-${group()}-${group()}`;
}

function columns(input: LicenseFields) {
  return { product: input.product, quantity: input.quantity, validFrom: input.valid_from, validUntil: input.valid_until, notes: input.notes };
}

async function requireAccount(tx: Tx, accountId: string) {
  await accounts.findAccount(tx, accountId);
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

function toWire(row: repo.LicenseRow, today: string): License {
  return {
    id: row.id,
    account_id: row.accountId,
    product: row.product,
    quantity: row.quantity,
    valid_from: row.validFrom,
    valid_until: row.validUntil,
    license_key: row.licenseKey,
    notes: row.notes,
    status: licenseStatus(row.validFrom, row.validUntil, today),
    created_at: row.createdAt.toISOString(),
  };
}
