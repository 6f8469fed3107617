import { BUILT_IN_ROLES } from '@keydeck/contract/permissions';
import type { Tx } from '../../db/database.ts';
import { hashPassword } from '../../platform/passwords.ts';
import * as repo from './accounts.repository.ts';

export type AccountInput = { name: string; apiName: string; accountSlug: string; accountCode: string; isPlatform?: boolean };
export type UserInput = {
  username: string;
  name: string;
  email: string;
  password: string;
  roleNames?: string[];
  mfaEnforced?: boolean;
  platformAdmin?: boolean;
};

/** Creates an account with the built-in roles every account starts with. Returns null when it already exists. */
export async function createAccount(tx: Tx, input: AccountInput) {
  const account = await repo.insertAccount(tx, input);
  if (!account) return null;
  for (const role of Object.values(BUILT_IN_ROLES)) {
    await repo.insertRole(tx, { accountId: account.id, name: role.name, permissions: [...role.permissions], builtIn: true });
  }
  return account;
}

/** Creates a user holding the named roles of their account. Returns null when the username is taken. */
export async function createUser(tx: Tx, accountId: string, input: UserInput) {
  const user = await repo.insertUser(tx, {
    accountId,
    username: input.username,
    name: input.name,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    mfaEnforced: input.mfaEnforced ?? false,
    platformAdmin: input.platformAdmin ?? false,
  });
  if (!user) return null;
  for (const roleName of input.roleNames ?? []) {
    const role = await repo.findRoleByName(tx, accountId, roleName);
    if (!role) throw new Error(`Account has no role named ${roleName}`);
    await repo.grantRole(tx, { accountId, userId: user.id, roleId: role.id });
  }
  return user;
}

export const findPlatformAccount = repo.findPlatformAccount;
export const findAccountBySlug = repo.findAccountBySlug;
export const countPlatformAdmins = repo.countPlatformAdmins;
