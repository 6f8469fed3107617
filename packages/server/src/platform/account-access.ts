import { notFound } from './errors.ts';
import type { Principal } from './principal.ts';

/**
 * The one answer to "which account does this request act on", given the account id it names, if any.
 * A customer acts on their own account only: another account's id answers 404, as if it did not exist.
 * A platform administrator may name any account; naming none means their own, or, for a read that spans
 * accounts ('every-account'), all of them (null).
 */
export function targetAccount(principal: Principal, requested: string | undefined): string;
export function targetAccount(principal: Principal, requested: string | undefined, unnamed: 'every-account'): string | null;
export function targetAccount(principal: Principal, requested: string | undefined, unnamed?: 'every-account'): string | null {
  if (principal.platformAdmin) return requested ?? (unnamed ? null : principal.account.id);
  if (requested !== undefined && requested !== principal.account.id) throw notFound();
  return principal.account.id;
}
