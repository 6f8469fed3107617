import { Messages } from '@keydeck/contract/messages';
import { BUILT_IN_ROLES } from '@keydeck/contract/permissions';
import type { User, UserFields, UserUpdate, UsersListQuery } from '@keydeck/contract/users';
import type { Tx } from '../../db/database.ts';
import { createUser } from '../accounts/accounts.service.ts';
import { badRequest, conflict, notFound, refused } from '../../platform/errors.ts';
import { effectivePermissions, type Principal } from '../../platform/principal.ts';
import { assertMayGrant, assertOutranks } from '../../platform/privilege.ts';
import { findRoles } from './roles.service.ts';
import * as repo from './users.repository.ts';

/** The account a call acts on, as targetAccount resolves it, and the session idle timeout that decides Online. */
export type UsersContext = { tx: Tx; caller: Principal; account: { id: string; name: string }; idleSeconds: number };

export async function listUsers(ctx: UsersContext, query: UsersListQuery) {
  const { rows, total, next_cursor, prev_cursor } = await repo.listUsers(ctx.tx, ctx.account.id, query, ctx.idleSeconds);
  return { data: await withRoles(ctx.tx, rows), total, next_cursor, prev_cursor };
}

/**
 * Invites users, all together or not at all: an invited user has no usable password until they choose one
 * through the link the route mails them. A taken username, here or in any other account, is a field error.
 */
export async function createUsers(ctx: UsersContext, inputs: UserFields[]): Promise<User[]> {
  const { tx, account } = ctx;
  const roles = await findRoles(tx, account.id, inputs.flatMap((u) => u.roles));
  assertMayGrant(ctx.caller, [...roles.values()].flatMap((r) => r.permissions));

  const errors: Record<string, string[]> = {};
  const ids: string[] = [];
  for (const [i, input] of inputs.entries()) {
    const user = await createUser(tx, account.id, {
      username: input.username,
      name: input.name,
      email: input.email,
      mfaEnforced: input.mfa_enforced,
      roleNames: [...new Set(input.roles)].map((id) => roles.get(id)!.name),
    });
    if (user) ids.push(user.id);
    else errors[`users.${i}.username`] = [Messages.usernameTaken];
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return usersById(ctx, ids);
}

/**
 * Changes users; roles, when sent, replace the user's roles, and only the roles a user gains must carry
 * permissions the caller holds. Disabling a user ends their sessions.
 */
export async function updateUsers(ctx: UsersContext, changes: UserUpdate[]): Promise<User[]> {
  const { tx, caller, account } = ctx;
  const ids = changes.map((c) => c.id);
  await findUsers(tx, account.id, ids);
  await assertMayActOn(tx, caller, ids);
  const roles = await findRoles(tx, account.id, changes.flatMap((c) => c.roles ?? []));
  const held = groupRoleIds(await repo.rolesOfUsers(tx, ids));
  for (const change of changes) {
    if (change.disabled && change.id === caller.userId) throw cannotChangeSelf();
    const gained = (change.roles ?? []).filter((id) => !held.get(change.id)?.has(id));
    assertMayGrant(caller, gained.flatMap((id) => roles.get(id)!.permissions));
  }

  await keepingAnAdministrator(tx, account.id, async () => {
    for (const change of changes) {
      await repo.updateUser(tx, change.id, {
        name: change.name,
        email: change.email,
        disabled: change.disabled,
        mfaEnforced: change.mfa_enforced,
      });
      if (change.roles) await repo.replaceUserRoles(tx, account.id, change.id, [...new Set(change.roles)]);
    }
    const disabled = changes.filter((c) => c.disabled).map((c) => c.id);
    if (disabled.length > 0) await repo.deleteSessionsOfUsers(tx, disabled);
  });
  return usersById(ctx, ids);
}

/** Deletes users and with them their sessions and role grants. Returns the deleted ids. */
export async function deleteUsers(ctx: UsersContext, ids: string[]): Promise<string[]> {
  const { tx, caller, account } = ctx;
  const found = await findUsers(tx, account.id, ids);
  if (ids.includes(caller.userId)) throw cannotChangeSelf();
  await assertMayActOn(tx, caller, found);
  await keepingAnAdministrator(tx, account.id, () => repo.deleteUsers(tx, found));
  return found;
}

/** The account's users with the given ids, de-duplicated; any id that is not one of them answers 404. */
async function findUsers(tx: Tx, accountId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await repo.findUsers(tx, accountId, unique);
  if (found.length !== unique.length) throw notFound();
  return unique;
}

/**
 * Runs a change and refuses it when it leaves an account that had an active administrator without one.
 * The refusal is thrown inside the request's transaction, so the change is rolled back with it.
 */
async function keepingAnAdministrator(tx: Tx, accountId: string, change: () => Promise<void>): Promise<void> {
  const adminRole = BUILT_IN_ROLES.accountAdministrator.name;
  await repo.lockAccountUsers(tx, accountId);
  const before = await repo.countActiveAdministrators(tx, accountId, adminRole);
  await change();
  if (before > 0 && (await repo.countActiveAdministrators(tx, accountId, adminRole)) === 0) {
    throw refused('last_administrator', Messages.lastAdministrator);
  }
}

/**
 * Acting on a user (changing, disabling, deleting them, resetting their factors) needs every permission they hold,
 * as granting a role does: otherwise an administrator could lock out or take over someone who outranks them.
 */
export async function assertMayActOn(tx: Tx, caller: Principal, userIds: string[]): Promise<void> {
  for (const user of await repo.permissionsOfUsers(tx, userIds)) assertOutranks(caller, effectivePermissions(user.platformAdmin, user.permissions));
}

/** An invited user who has not chosen a password yet, to be sent a fresh link (which replaces the old ones). */
export async function invitedUser(ctx: UsersContext, userId: string): Promise<User> {
  await findUsers(ctx.tx, ctx.account.id, [userId]);
  await assertMayActOn(ctx.tx, ctx.caller, [userId]);
  const [user] = await usersById(ctx, [userId]);
  if (!user!.invited) throw conflict('not_invited', Messages.notInvited);
  await repo.deleteInvitations(ctx.tx, userId);
  return user!;
}

const cannotChangeSelf = () => refused('self_protection', Messages.cannotChangeSelf);

async function usersById(ctx: UsersContext, ids: string[]): Promise<User[]> {
  const rows = await repo.findUsersForList(ctx.tx, ctx.account.id, ids, ctx.idleSeconds);
  const byId = new Map((await withRoles(ctx.tx, rows)).map((u) => [u.id, u]));
  return ids.map((id) => byId.get(id)!);
}

function groupRoleIds(grants: { userId: string; id: string }[]): Map<string, Set<string>> {
  const byUser = new Map<string, Set<string>>();
  for (const grant of grants) byUser.set(grant.userId, (byUser.get(grant.userId) ?? new Set()).add(grant.id));
  return byUser;
}

async function withRoles(tx: Tx, rows: repo.UserRow[]): Promise<User[]> {
  const grants = await repo.rolesOfUsers(tx, rows.map((r) => r.id));
  return rows.map((row) => {
    const roles = grants.filter((g) => g.userId === row.id).map((g) => ({ id: g.id, name: g.name }));
    return {
      id: row.id,
      username: row.username,
      name: row.name,
      email: row.email,
      group: roles.map((r) => r.name).join(', '),
      roles,
      status: row.online ? 'Online' : 'Offline',
      disabled: row.disabled,
      mfa_enforced: row.mfaEnforced,
      account_code: row.accountCode,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt ? new Date(row.lastSeenAt).toISOString() : null,
      invited: row.invited,
      factors: { authenticator_app: row.authenticatorApp, security_keys: row.securityKeys },
      platform_admin: row.platformAdmin,
    };
  });
}
