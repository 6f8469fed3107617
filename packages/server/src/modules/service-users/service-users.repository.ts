import type { ServicePermissions } from '@keydeck/contract/services';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-sql.ts';
import { serviceUserGroups, serviceUsers } from '../../db/schema/services.ts';
import { users } from '../../db/schema/users.ts';

/**
 * Usernames with a live session on the service: the spec's "current user names". Hand-written, as listGroups: both
 * are read on every call of the service's users and groups, where building the statement was a tenth of the CPU.
 */
export async function liveUsernames(tx: Tx, serviceId: string): Promise<string[]> {
  const rows = await rowsOf<{ username: string }>(
    tx,
    sql`select distinct u.username from service_sessions s
        join service_users su on su.id = s.service_user_id join users u on u.id = su.user_id
        where s.service_id = ${serviceId} and s.expires_at > now() order by u.username`,
  );
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
  return rowsOf<GroupRow>(
    tx,
    sql`select id, name, parent_name as "parentName", permissions from service_user_groups where service_id = ${serviceId} order by name`,
  );
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
