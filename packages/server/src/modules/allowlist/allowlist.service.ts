import type { Allowlist } from '@keydeck/contract/allowlist';
import { Messages } from '@keydeck/contract/messages';
import type { Tx } from '../../db/database.ts';
import { badRequest, confirmationRequired, notFound, refused } from '../../platform/errors.ts';
import { addressInRanges, canonicalRange } from '../../platform/ip-ranges.ts';
import * as accounts from '../accounts/accounts.service.ts';
import * as repo from './allowlist.repository.ts';

/** Who is changing the list, from where, and whether it is their own account (then they could lock themselves out). */
export type Caller = { ip: string; ownAccount: boolean; confirmed: boolean };

export async function getAllowlist(tx: Tx, accountId: string, currentIp: string): Promise<Allowlist> {
  const policy = await repo.findAccountPolicy(tx, accountId);
  if (!policy) throw notFound();
  const entries = await repo.listEntries(tx, accountId);
  return {
    account_id: accountId,
    current_ip: currentIp,
    enforce_ip: policy.enforceIp,
    admin_whitelist_allowance: policy.allowance,
    ip_addresses: entries.map((e) => ({ id: e.id, ip_address: e.ipAddress, created_at: e.createdAt.toISOString() })),
  };
}

/** Adds an address or range; refuses duplicates and going over the account's allowance. */
export async function addEntry(tx: Tx, accountId: string, range: string, caller: Caller): Promise<Allowlist> {
  const current = await getAllowlist(tx, accountId, caller.ip);
  const canonical = canonicalRange(range);
  const ranges = current.ip_addresses.map((e) => e.ip_address);
  if (ranges.includes(canonical)) throw badRequest({ ip_address: [Messages.allowlistDuplicate] });
  if (ranges.length >= current.admin_whitelist_allowance) {
    throw refused('allowance_exceeded', Messages.allowlistFull(current.admin_whitelist_allowance));
  }
  // Adding never takes anyone's access away: enforced, the caller is already on the list; not enforced, the list
  // keeps nobody out yet (the warning belongs to switching enforcement on).
  await repo.insertEntry(tx, accountId, canonical);
  return getAllowlist(tx, accountId, caller.ip);
}

/** Removes an address or range; with enforcement on, removing the caller's own way in needs confirmation. */
export async function removeEntry(tx: Tx, accountId: string, range: string, caller: Caller): Promise<Allowlist> {
  const current = await getAllowlist(tx, accountId, caller.ip);
  const canonical = canonicalRange(range);
  const remaining = current.ip_addresses.map((e) => e.ip_address).filter((r) => r !== canonical);
  if (remaining.length === current.ip_addresses.length) throw notFound();
  if (current.enforce_ip) requireConfirmationIfLockedOut(remaining, caller);
  await repo.deleteEntry(tx, accountId, canonical);
  return getAllowlist(tx, accountId, caller.ip);
}

/**
 * Switches enforcement of the account's allowlist. Turning it on with an empty list would lock everyone
 * out, and turning it on from outside the list would lock the caller out: the first is refused, the
 * second needs confirmation.
 */
export async function setEnforcement(tx: Tx, accountId: string, enforce: boolean, caller: Caller) {
  if (enforce) {
    const ranges = (await repo.listEntries(tx, accountId)).map((e) => e.ipAddress);
    if (ranges.length === 0) throw badRequest({ enforce_ip: [Messages.allowlistEmpty] }, Messages.allowlistEmpty);
    requireConfirmationIfLockedOut(ranges, caller);
  }
  await accounts.setEnforceIp(tx, accountId, enforce);
  return accounts.accountSettings(tx, accountId);
}

function requireConfirmationIfLockedOut(ranges: string[], caller: Caller): void {
  if (caller.ownAccount && !caller.confirmed && !addressInRanges(caller.ip, ranges)) {
    throw confirmationRequired(Messages.allowlistExcludesYou(caller.ip));
  }
}
