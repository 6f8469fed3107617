import type { ServicePermissions } from '@keydeck/contract/services';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { serviceSessions, serviceUserGroups, serviceUsers } from '../../db/schema/services.ts';
import { users } from '../../db/schema/users.ts';

/** Usernames with a live session on the service: the spec's "current user names". */
export async function liveUsernames(tx: Tx, serviceId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ username: users.username })
    .from(serviceSessions)
    .innerJoin(serviceUsers, eq(serviceUsers.id, serviceSessions.serviceUserId))
    .innerJoin(users, eq(users.id, serviceUsers.userId))
    .where(and(eq(serviceSessions.serviceId, serviceId), gt(serviceSessions.expiresAt, sql`now()`)))
    .orderBy(asc(users.username));
  return rows.map((r) => r.username);
}

export type MemberRow = { serviceUserId: string; userId: string; username: string; name: string; groupId: string; groupName: string };

/** The service's users with their groups, by username. */
export function listMembers(tx: Tx, serviceId: string): Promise<MemberRow[]> {
  return tx
    .select({
      serviceUserId: serviceUsers.id,
      userId: users.id,
      username: users.username,
      name: users.name,
      groupId: serviceUserGroups.id,
      groupName: serviceUserGroups.name,
    })
    .from(serviceUsers)
    .innerJoin(users, eq(users.id, serviceUsers.userId))
    .innerJoin(serviceUserGroups, eq(serviceUserGroups.id, serviceUsers.groupId))
    .where(eq(serviceUsers.serviceId, serviceId))
    .orderBy(asc(users.username));
}

export type GroupRow = { id: string; name: string; parentName: string | null; permissions: ServicePermissions };

export function listGroups(tx: Tx, serviceId: string): Promise<GroupRow[]> {
  return tx
    .select({ id: serviceUserGroups.id, name: serviceUserGroups.name, parentName: serviceUserGroups.parentName, permissions: serviceUserGroups.permissions })
    .from(serviceUserGroups)
    .where(eq(serviceUserGroups.serviceId, serviceId))
    .orderBy(asc(serviceUserGroups.name));
}

/** Console users of the account, by lower-cased username. */
export function findAccountUsers(tx: Tx, accountId: string, usernames: string[]) {
  return tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(sql`lower(${users.username})`, usernames.map((u) => u.toLowerCase()))));
}

export async function insertMembers(tx: Tx, rows: { accountId: string; serviceId: string; userId: string; groupId: string }[]) {
  await tx.insert(serviceUsers).values(rows);
}

export async function moveMember(tx: Tx, serviceUserId: string, groupId: string) {
  await tx.update(serviceUsers).set({ groupId }).where(eq(serviceUsers.id, serviceUserId));
}

export async function deleteMembers(tx: Tx, serviceUserIds: string[]) {
  await tx.delete(serviceUsers).where(inArray(serviceUsers.id, serviceUserIds));
}

export async function insertGroups(
  tx: Tx,
  rows: { accountId: string; serviceId: string; name: string; parentName: string | null; permissions: ServicePermissions }[],
) {
  await tx.insert(serviceUserGroups).values(rows);
}

export async function updateGroup(tx: Tx, groupId: string, change: { parentName: string | null; permissions: ServicePermissions }) {
  await tx.update(serviceUserGroups).set(change).where(eq(serviceUserGroups.id, groupId));
}

export async function deleteGroups(tx: Tx, groupIds: string[]) {
  await tx.delete(serviceUserGroups).where(inArray(serviceUserGroups.id, groupIds));
}
