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
  const account = permittedAccount(principal, requested, unnamed);
  if (account === undefined) throw notFound();
  return account;
}

/** targetAccount's answer, or undefined where it answers 404 (for a refusal's audit event, which must not throw). */
export function permittedAccount(principal: Principal, requested: string | undefined, unnamed?: 'every-account'): string | null | undefined {
  if (principal.platformAdmin) return requested ?? (unnamed ? null : principal.account.id);
  return requested === undefined || requested === principal.account.id ? principal.account.id : undefined;
}
