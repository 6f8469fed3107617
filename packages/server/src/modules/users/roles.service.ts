import { Messages } from '@keydeck/contract/messages';
import type { Role, RoleFields, RoleUpdate, RolesListQuery } from '@keydeck/contract/roles';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound, refused } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import { assertMayChange, assertMayGrant } from '../../platform/privilege.ts';
import * as repo from './roles.repository.ts';

/** The account's roles with the given ids; any id that is not one of them answers 404. */
export async function findRoles(tx: Tx, accountId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await repo.findRoles(tx, accountId, unique);
  if (found.length !== unique.length) throw notFound();
  return new Map(found.map((r) => [r.id, r]));
}

export async function listRoles(tx: Tx, accountId: string, query: RolesListQuery) {
  const { rows, total } = await repo.listRoles(tx, accountId, query);
  return { data: rows.map((r) => toWire(r.role, r.userCount)), total };
}

/** Creates custom roles all together or not at all. */
export async function createRoles(tx: Tx, caller: Principal, accountId: string, inputs: RoleFields[]): Promise<Role[]> {
  assertMayGrant(caller, inputs.flatMap((r) => r.permissions));
  const errors: Record<string, string[]> = {};
  const taken = await repo.findRolesNamed(tx, accountId, inputs.map((r) => r.name));
  inputs.forEach((input, i) => {
    const lower = input.name.toLowerCase();
    const repeated = inputs.slice(0, i).some((earlier) => earlier.name.toLowerCase() === lower);
    if (repeated || taken.some((t) => t.name.toLowerCase() === lower)) errors[`roles.${i}.name`] = [Messages.roleNameTaken];
  });
  if (Object.keys(errors).length > 0) throw badRequest(errors);

  const ids: string[] = [];
  for (const input of inputs) {
    const row = await repo.insertRole(tx, { accountId, name: input.name, permissions: normalise(input.permissions) });
    ids.push(row.id);
  }
  return rolesById(tx, accountId, ids);
}

/**
 * Renames custom roles or sets their permissions. The caller must hold every permission a role has before and after:
 * narrowing a role demotes its holders, who may outrank the caller.
 */
export async function updateRoles(tx: Tx, caller: Principal, accountId: string, changes: RoleUpdate[]): Promise<Role[]> {
  const existing = await findRoles(tx, accountId, changes.map((c) => c.id));
  const errors: Record<string, string[]> = {};
  for (const [i, change] of changes.entries()) {
    const current = existing.get(change.id)!;
    if (current.builtIn) throw builtInProtected();
    assertMayChange(caller, [...current.permissions, ...(change.permissions ?? [])]);
    if (change.name !== undefined) {
      const lower = change.name.toLowerCase();
      const renamedEarlier = changes.slice(0, i).some((c) => c.name?.toLowerCase() === lower);
      const taken = await repo.findRolesNamed(tx, accountId, [change.name], change.id);
      if (renamedEarlier || taken.length > 0) errors[`roles.${i}.name`] = [Messages.roleNameTaken];
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);

  for (const change of changes) {
    await repo.updateRole(tx, change.id, {
      name: change.name,
      permissions: change.permissions && normalise(change.permissions),
    });
  }
  return rolesById(tx, accountId, changes.map((c) => c.id));
}

/** Deletes custom roles, each carrying only permissions the caller holds; their holders lose them. Returns the deleted ids. */
export async function deleteRoles(tx: Tx, caller: Principal, accountId: string, ids: string[]): Promise<string[]> {
  const existing = await findRoles(tx, accountId, ids);
  if ([...existing.values()].some((r) => r.builtIn)) throw builtInProtected();
  assertMayChange(caller, [...existing.values()].flatMap((r) => r.permissions));
  await repo.deleteRoles(tx, [...existing.keys()]);
  return [...existing.keys()];
}

async function rolesById(tx: Tx, accountId: string, ids: string[]): Promise<Role[]> {
  const rows = new Map((await repo.findRolesWithCounts(tx, accountId, ids)).map((r) => [r.role.id, r]));
  return [...new Set(ids)].map((id) => toWire(rows.get(id)!.role, rows.get(id)!.userCount));
}

const builtInProtected = () => refused('built_in_role', Messages.builtInRoleProtected);

const normalise = (permissions: string[]) => [...new Set(permissions)].sort();

function toWire(row: repo.RoleRow, userCount: number): Role {
  return { id: row.id, name: row.name, permissions: [...row.permissions].sort(), built_in: row.builtIn, user_count: userCount };
}
