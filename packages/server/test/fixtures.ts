import type { SQL } from 'drizzle-orm';
import { BUILT_IN_ROLES } from '@keydeck/contract/permissions';
import type { Db } from '../src/db/database.ts';
import { createAccount, createUser } from '../src/modules/accounts/accounts.service.ts';
import { SYSTEM_SCOPE, inScope } from '../src/platform/tenant-scope.ts';

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

/** Rows of a raw query, read across every tenant: how tests look behind the API. */
export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return inScope(db, SYSTEM_SCOPE, async (tx) => {
    const result = (await tx.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  });
}
