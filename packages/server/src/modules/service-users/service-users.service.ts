import { Messages } from '@keydeck/contract/messages';
import {
  ROOT_GROUP,
  sectionsFor,
  type ServiceUser,
  type ServiceUserGroup,
  type ServiceUserGroupCurrent,
  type ServiceUserGroupUpdate,
  type ServiceUsersBody,
} from '@keydeck/contract/service-users';
import type { ServicePermissions } from '@keydeck/contract/services';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { assertMayChange, assertMayGrant, assertOutranks, serviceGrants } from '../../platform/privilege.ts';
import type { ServiceAccess } from '../../platform/service-access.ts';
import * as repo from './service-users.repository.ts';

/** The caller's service session and account: every call acts on that service only. */
export type ServiceScope = { tx: Tx; accountId: string; access: ServiceAccess };
/** A group to create: from the create form or from an exported list. */
export type NewGroup = { name: string; parent?: string | null | undefined; permissions: ServicePermissions };

type FieldErrors = Record<string, string[]>;
const key = (name: string) => name.toLowerCase();
const fail = (errors: FieldErrors) => {
  if (Object.keys(errors).length) throw badRequest(errors);
};
/** null, blank or 'Root' is the top of the tree; undefined leaves a parent as it is. */
const parentOf = (parent: string | null | undefined) =>
  parent === undefined ? undefined : !parent || key(parent) === key(ROOT_GROUP) ? null : parent;
const keepsUserModify = (permissions: ServicePermissions) => permissions.User === 'Modify';
/** The caller as the delegation rule sees them: their group's categories and levels. */
const callerOf = (scope: ServiceScope) => ({ permissions: serviceGrants(scope.access.permissions) });


export async function listUsers(scope: ServiceScope, groups: string[]): Promise<ServiceUser[]> {
  const [members, live] = await Promise.all([repo.listMembers(scope.tx, scope.access.serviceId), repo.liveUsernames(scope.tx, scope.access.serviceId)]);
  const wanted = new Set(groups.map(key));
  const online = new Set(live);
  return members
    .filter((m) => wanted.size === 0 || wanted.has(key(m.groupName)))
    .map((m) => ({ username: m.username, name: m.name, group: m.groupName, status: online.has(m.username) ? 'Available' : 'Offline' }));
}

/** Adds console users of the account to the service, each in a group. */
export async function addUsers(scope: ServiceScope, entries: ServiceUsersBody['users']): Promise<void> {
  const { tx, accountId, access } = scope;
  const [accountUsers, members, groups] = await Promise.all([
    repo.findAccountUsers(tx, accountId, entries.map((e) => e.username)),
    repo.listMembers(tx, access.serviceId),
    groupsByName(scope),
  ]);
  const byUsername = new Map(accountUsers.map((u) => [key(u.username), u]));
  const memberIds = new Set(members.map((m) => m.userId));
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  const rows = entries.flatMap((entry, i) => {
    const user = byUsername.get(key(entry.username));
    const group = groups.get(key(entry.group_name));
    if (!user) errors[`users.${i}.username`] = [Messages.serviceUserUnknown(entry.username)];
    else if (memberIds.has(user.id) || seen.has(user.id)) errors[`users.${i}.username`] = [Messages.serviceUserExists(user.username)];
    if (!group) errors[`users.${i}.group_name`] = [Messages.serviceGroupUnknown(entry.group_name)];
    if (!user || !group) return [];
    seen.add(user.id);
    return [{ accountId, serviceId: access.serviceId, userId: user.id, groupId: group.id }];
  });
  fail(errors);
  for (const entry of entries) assertMayGrant(callerOf(scope), serviceGrants(groups.get(key(entry.group_name))!.permissions));
  await repo.insertMembers(tx, rows);
}

/** Moves service users to other groups; the caller may not move themselves out of User at Modify. */
export async function moveUsers(scope: ServiceScope, entries: ServiceUsersBody['users']): Promise<void> {
  const { tx, access } = scope;
  const [members, groups] = await Promise.all([repo.listMembers(tx, access.serviceId), groupsByName(scope)]);
  const byUsername = new Map(members.map((m) => [key(m.username), m]));
  const errors: FieldErrors = {};
  const moves = entries.flatMap((entry, i) => {
    const member = byUsername.get(key(entry.username));
    const group = groups.get(key(entry.group_name));
    if (!member) errors[`users.${i}.username`] = [Messages.serviceUserMissing(entry.username)];
    if (!group) errors[`users.${i}.group_name`] = [Messages.serviceGroupUnknown(entry.group_name)];
    return member && group ? [{ member, group }] : [];
  });
  fail(errors);
  const own = moves.find((m) => m.member.serviceUserId === access.serviceUserId);
  if (own && !keepsUserModify(own.group.permissions)) throw conflict('service_user_self_lockout', Messages.serviceUserSelfLockout);
  const groupsById = new Map([...groups.values()].map((g) => [g.id, g]));
  for (const { member, group } of moves) {
    assertOutranks(callerOf(scope), serviceGrants(groupsById.get(member.groupId)!.permissions));
    assertMayGrant(callerOf(scope), serviceGrants(group.permissions));
  }
  for (const { member, group } of moves) await repo.moveMember(tx, member.serviceUserId, group.id);
}

/** Removes users from the service (their service sessions end with them); never the caller. */
export async function removeUsers(scope: ServiceScope, usernames: string[]): Promise<void> {
  const [members, groups] = await Promise.all([
    repo.listMembers(scope.tx, scope.access.serviceId).then((rows) => new Map(rows.map((m) => [key(m.username), m]))),
    repo.listGroups(scope.tx, scope.access.serviceId).then((rows) => new Map(rows.map((g) => [g.id, g]))),
  ]);
  const errors: FieldErrors = {};
  usernames.forEach((username, i) => {
    if (!members.has(key(username))) errors[`users.${i}`] = [Messages.serviceUserMissing(username)];
  });
  fail(errors);
  const removed = usernames.map((u) => members.get(key(u))!);
  if (removed.some((m) => m.serviceUserId === scope.access.serviceUserId)) throw conflict('service_user_self_removal', Messages.serviceUserSelfRemoval);
  for (const member of removed) assertOutranks(callerOf(scope), serviceGrants(groups.get(member.groupId)!.permissions));
  await repo.deleteMembers(scope.tx, removed.map((m) => m.serviceUserId));
}

export async function listGroups(scope: ServiceScope): Promise<ServiceUserGroup[]> {
  const [groups, members, live] = await Promise.all([
    repo.listGroups(scope.tx, scope.access.serviceId),
    repo.listMembers(scope.tx, scope.access.serviceId),
    repo.liveUsernames(scope.tx, scope.access.serviceId),
  ]);
  const online = new Set(live);
  return groups.map((g) => {
    const inGroup = members.filter((m) => m.groupId === g.id);
    return {
      name: g.name,
      parent: g.parentName ?? ROOT_GROUP,
      status: inGroup.some((m) => online.has(m.username)) ? 'Available' : 'Offline',
      permissions: g.permissions,
      user_count: inGroup.length,
    };
  });
}

/** Creates groups together (create form or import): names new and distinct, parents existing or among them, no cycle. */
export async function createGroups(scope: ServiceScope, entries: NewGroup[], nameField: 'group_name' | 'name'): Promise<void> {
  const existing = await groupsByName(scope);
  const tree = new Map([...existing.values()].map((g) => [key(g.name), g.parentName ? key(g.parentName) : null]));
  const errors: FieldErrors = {};
  for (const [i, entry] of entries.entries()) {
    const field = `groups.${i}.${nameField}`;
    if (key(entry.name) === key(ROOT_GROUP)) errors[field] = [Messages.serviceGroupReserved(ROOT_GROUP)];
    else if (tree.has(key(entry.name))) errors[field] = [Messages.serviceGroupExists(entry.name)];
    else tree.set(key(entry.name), null);
  }
  const names = new Map([...existing.values()].map((g) => [key(g.name), g.name]));
  entries.forEach((e) => names.set(key(e.name), e.name));
  const rows = entries.map((entry, i) => {
    const parent = parentOf(entry.parent) ?? null;
    if (parent !== null && !names.has(key(parent))) errors[`groups.${i}.parent`] = [Messages.serviceGroupUnknown(parent)];
    if (!errors[`groups.${i}.${nameField}`]) tree.set(key(entry.name), parent === null ? null : key(parent));
    return { accountId: scope.accountId, serviceId: scope.access.serviceId, name: entry.name, parentName: parent && names.get(key(parent))!, permissions: entry.permissions };
  });
  entries.forEach((entry, i) => {
    if (!errors[`groups.${i}.parent`] && inCycle(tree, key(entry.name))) errors[`groups.${i}.parent`] = [Messages.serviceGroupCycle(entry.name)];
  });
  fail(errors);
  assertMayGrant(callerOf(scope), entries.flatMap((e) => serviceGrants(e.permissions)));
  await repo.insertGroups(scope.tx, rows);
}

/** Changes groups' permissions and parents: no cycle, and the caller's own group keeps User at Modify. */
export async function updateGroups(scope: ServiceScope, entries: ServiceUserGroupUpdate[]): Promise<void> {
  const groups = await groupsByName(scope);
  const tree = new Map([...groups.values()].map((g) => [key(g.name), g.parentName ? key(g.parentName) : null]));
  const errors: FieldErrors = {};
  const changes = entries.flatMap((entry, i) => {
    const group = groups.get(key(entry.group_name));
    if (!group) {
      errors[`groups.${i}.group_name`] = [Messages.serviceGroupUnknown(entry.group_name)];
      return [];
    }
    const asked = parentOf(entry.parent);
    const parent = asked === undefined ? group.parentName : asked && groups.get(key(asked))?.name;
    if (parent === undefined) {
      errors[`groups.${i}.parent`] = [Messages.serviceGroupUnknown(asked!)];
      return [];
    }
    tree.set(key(group.name), parent === null ? null : key(parent));
    return [{ i, group, change: { parentName: parent, permissions: entry.permissions ?? group.permissions } }];
  });
  for (const { i, group } of changes) {
    if (!errors[`groups.${i}.parent`] && inCycle(tree, key(group.name))) errors[`groups.${i}.parent`] = [Messages.serviceGroupCycle(group.name)];
  }
  fail(errors);
  const own = changes.find((c) => key(c.group.name) === key(scope.access.groupName));
  if (own && !keepsUserModify(own.change.permissions)) throw conflict('service_user_self_lockout', Messages.serviceUserSelfLockout);
  for (const { group, change } of changes) assertMayChange(callerOf(scope), [...serviceGrants(group.permissions), ...serviceGrants(change.permissions)]);
  for (const { group, change } of changes) await repo.updateGroup(scope.tx, group.id, change);
}

/** Deletes empty groups: one with users or subgroups is refused, naming what is left in it. */
export async function deleteGroups(scope: ServiceScope, names: string[]): Promise<void> {
  const [groups, members] = await Promise.all([groupsByName(scope), repo.listMembers(scope.tx, scope.access.serviceId)]);
  const errors: FieldErrors = {};
  names.forEach((name, i) => {
    if (!groups.has(key(name))) errors[`groups.${i}`] = [Messages.serviceGroupUnknown(name)];
  });
  fail(errors);
  const doomed = new Set(names.map(key));
  for (const name of names) {
    const group = groups.get(key(name))!;
    const users = members.filter((m) => m.groupId === group.id).length;
    const children = [...groups.values()].filter((g) => g.parentName && key(g.parentName) === key(group.name) && !doomed.has(key(g.name))).length;
    if (users || children) throw conflict('service_group_in_use', Messages.serviceGroupInUse(group.name, users, children));
    assertMayChange(callerOf(scope), serviceGrants(group.permissions));
  }
  await repo.deleteGroups(scope.tx, names.map((n) => groups.get(key(n))!.id));
}

export async function groupPermissions(scope: ServiceScope, name: string) {
  const group = (await groupsByName(scope)).get(key(name));
  if (!group) throw badRequest({ group_name: [Messages.serviceGroupUnknown(name)] });
  return { group_name: group.name, permissions: group.permissions };
}

/** The caller's standing on the service: who is on it, its groups, and what the caller's group may see and do. */
export async function current(scope: ServiceScope, username: string): Promise<ServiceUserGroupCurrent> {
  const [live, groups] = await Promise.all([repo.liveUsernames(scope.tx, scope.access.serviceId), repo.listGroups(scope.tx, scope.access.serviceId)]);
  const { permissions, groupName } = scope.access;
  return { user_names: live, all_groups: groups.map((g) => g.name), permissions, sections: sectionsFor(permissions), group_name: groupName, user_name: username };
}

async function groupsByName(scope: ServiceScope) {
  return new Map((await repo.listGroups(scope.tx, scope.access.serviceId)).map((g) => [key(g.name), g]));
}

/** Whether walking up from a group comes back to it. */
function inCycle(tree: Map<string, string | null>, start: string): boolean {
  const seen = new Set<string>();
  for (let at = tree.get(start) ?? null; at !== null; at = tree.get(at) ?? null) {
    if (at === start) return true;
    if (seen.has(at)) return false;
    seen.add(at);
  }
  return false;
}
