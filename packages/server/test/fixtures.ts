import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { BUILT_IN_ROLES, PERMISSION_CATEGORIES } from '@keydeck/contract/permissions';
import type { ServicePermissions } from '@keydeck/contract/services';
import type { Db } from '../src/db/database.ts';
import { serviceUserGroups, serviceUsers, services } from '../src/db/schema/services.ts';
import { createAccount, createUser } from '../src/modules/accounts/accounts.service.ts';
import { SYSTEM_SCOPE, inScope } from '../src/platform/tenant-scope.ts';
import { signedIn, type TestApp, type Visitor } from './test-app.ts';

export const PASSWORD = 'Tenant-Password-42!';
export const ROLE = { admin: BUILT_IN_ROLES.accountAdministrator.name, readOnly: BUILT_IN_ROLES.readOnly.name };

/** A customer account with users (all with PASSWORD), written straight to the database. */
export async function seedAccount(
  db: Db,
  slug: string,
  users: { username: string; roleNames?: string[]; mfaEnforced?: boolean }[],
) {
  return inScope(db, SYSTEM_SCOPE, async (tx) => {
    const account = await createAccount(tx, {
      name: `Company ${slug}`,
      apiName: `api-${slug}`,
      accountSlug: slug,
      accountCode: slug.toUpperCase(),
    });
    const ids: Record<string, string> = {};
    for (const user of users) {
      const row = await createUser(tx, account!.id, { name: user.username, email: `${user.username}@example.test`, password: PASSWORD, ...user });
      ids[user.username] = row!.id;
    }
    return { accountId: account!.id, userIds: ids };
  });
}
export type SeededAccount = Awaited<ReturnType<typeof seedAccount>>;

/** Rows of a raw query, read across every tenant: how tests look behind the API. */
export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return inScope(db, SYSTEM_SCOPE, async (tx) => {
    const result = (await tx.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  });
}

/** Every permission category at Modify: what a service's first group holds. */
export const ALL_SERVICE_PERMISSIONS: ServicePermissions = Object.fromEntries(PERMISSION_CATEGORIES.map((c) => [c, 'Modify']));

/**
 * A service of the account as it stands once provisioned, written straight to the database: its groups
 * (default one 'Administrators' holding everything) and its service users, each in a group by name.
 */
export async function seedService(
  db: Db,
  accountId: string,
  options: {
    name?: string;
    type?: string;
    useJwt?: boolean;
    status?: 'Enabled' | 'Disabled' | 'PendingProvisioning' | 'PendingApproval';
    groups?: { name: string; parentName?: string; permissions: ServicePermissions }[];
    members?: { userId: string; group?: string }[];
  } = {},
) {
  return inScope(db, SYSTEM_SCOPE, async (tx) => {
    const [service] = await tx
      .insert(services)
      .values({
        accountId,
        type: options.type ?? 'cryptoverse',
        name: options.name ?? 'Payments HSM',
        status: options.status ?? 'Enabled',
        location: 'eu-central',
        environment: 'production',
        useJwt: options.useJwt ?? false,
      })
      .returning({ id: services.id });
    const groups = options.groups ?? [{ name: 'Administrators', permissions: ALL_SERVICE_PERMISSIONS }];
    const groupIds: Record<string, string> = {};
    for (const group of groups) {
      const [row] = await tx
        .insert(serviceUserGroups)
        .values({ accountId, serviceId: service!.id, name: group.name, parentName: group.parentName ?? null, permissions: group.permissions })
        .returning({ id: serviceUserGroups.id });
      groupIds[group.name] = row!.id;
    }
    for (const member of options.members ?? []) {
      await tx
        .insert(serviceUsers)
        .values({ accountId, serviceId: service!.id, userId: member.userId, groupId: groupIds[member.group ?? groups[0]!.name]! });
    }
    return { serviceId: service!.id, groupIds };
  });
}

/** A user seeded with PASSWORD, signed in. */
export const signedInUser = (t: TestApp, username: string): Promise<Visitor> => signedIn(t.app, username, PASSWORD);

/**
 * A member of the service signed in (with PASSWORD) and in a service session on it: the service made current in the
 * user's console sessions straight in the database, as choosing it in the console would, then logged in to.
 */
export async function openInService(t: TestApp, username: string, userId: string, serviceId: string): Promise<Visitor> {
  const visitor = await signedInUser(t, username);
  await queryRows(t.database.db, sql`update sessions set current_service_id = ${serviceId} where user_id = ${userId}`);
  expect((await visitor.post(`/rest/api/v1/service/login/${serviceId}`)).statusCode).toBe(200);
  return visitor;
}

/** Account 'acme' with one administrator, 'acme-admin', in a service session on an RKMS service that grants every category at Modify. */
export async function serviceAdministrator(t: TestApp): Promise<{ admin: Visitor; accountId: string; serviceId: string }> {
  const acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
  const { serviceId } = await seedService(t.database.db, acme.accountId, {
    type: 'rkms',
    groups: [{ name: 'Administrators', permissions: ALL_SERVICE_PERMISSIONS }],
    members: [{ userId: acme.userIds['acme-admin']!, group: 'Administrators' }],
  });
  return { admin: await openInService(t, 'acme-admin', acme.userIds['acme-admin']!, serviceId), accountId: acme.accountId, serviceId };
}
