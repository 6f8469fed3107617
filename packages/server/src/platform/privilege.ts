import { Messages } from '@keydeck/contract/messages';
import { forbidden } from './errors.ts';

/**
 * The one rule of delegation: a principal may grant, change, take away or act for only what it holds itself.
 * Every route that creates or changes a user, a role, an API credential, an OAuth client or a consent passes
 * through one of these checks (privilege.api.test.ts walks them all); a platform administrator holds everything.
 */
type Holder = { readonly permissions: readonly string[] };

/** The permissions of `needed` that `caller` lacks, sorted and de-duplicated. */
export function lacking(caller: Holder, needed: Iterable<string>): string[] {
  const held = new Set(caller.permissions);
  return [...new Set(needed)].filter((p) => !held.has(p)).sort();
}

/** Granting permissions (to a role, a user through a role, a credential, an OAuth client). */
export function assertMayGrant(caller: Holder, permissions: Iterable<string>): void {
  refuseLacking(caller, permissions, 'escalation', Messages.permissionsNotHeld);
}

/**
 * Changing, rotating, revoking or deleting something that carries permissions (a role before and after the change,
 * a credential, an OAuth client): whoever lacks one of them could otherwise take it away from, or take over, those
 * who hold it.
 */
export function assertMayChange(caller: Holder, carried: Iterable<string>): void {
  refuseLacking(caller, carried, 'escalation', Messages.carriesPermissionsNotHeld);
}

/** Acting on or for a user (changing them, their factors, their credentials): the caller must hold all they hold. */
export function assertOutranks(caller: Holder, theirs: Iterable<string>): void {
  refuseLacking(caller, theirs, 'outranked', Messages.userOutranksCaller);
}

function refuseLacking(caller: Holder, needed: Iterable<string>, reason: string, message: (missing: readonly string[]) => string): void {
  const missing = lacking(caller, needed);
  if (missing.length > 0) throw forbidden(reason, message(missing));
}

/**
 * A service user group's categories as grants the same rule weighs: Key at Modify is `Key:View` and `Key:Modify`, so a
 * service user may only give, change or take away the categories and levels their own group holds.
 */
export function serviceGrants(permissions: Partial<Record<string, 'View' | 'Modify'>>): string[] {
  return Object.entries(permissions).flatMap(([category, level]) =>
    level === 'Modify' ? [`${category}:View`, `${category}:Modify`] : level === 'View' ? [`${category}:View`] : [],
  );
}
