import { notFound } from './errors.ts';
import type { Principal } from './principal.ts';

/**
 * Which account a request about `requested` may act on. A customer acts on their own account only:
 * another account's id answers 404, as if it did not exist. A platform administrator may name any
 * account, or none (null: every account).
 */
export function accessibleAccount(principal: Principal, requested: string | undefined): string | null {
  if (principal.platformAdmin) return requested ?? null;
  if (requested !== undefined && requested !== principal.account.id) throw notFound();
  return principal.account.id;
}
