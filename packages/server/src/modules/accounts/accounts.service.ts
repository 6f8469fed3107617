import { randomBytes } from 'node:crypto';
import type { Account, AccountFields, AccountsListQuery } from '@keydeck/contract/accounts';
import { Messages } from '@keydeck/contract/messages';
import { BUILT_IN_ROLES } from '@keydeck/contract/permissions';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound, refused } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import * as repo from './accounts.repository.ts';

export type AccountInput = { name: string; apiName: string; accountSlug: string; accountCode: string; isPlatform?: boolean };
export type UserInput = {
  username: string;
  name: string;
  email: string;
  /** Omitted for an invited user: they get no usable password until they set one. */
  password?: string;
  /** A hash made earlier, instead of password (a self-service registration keeps only the hash). */
  passwordHash?: string;
  roleNames?: string[];
  mfaEnforced?: boolean;
  platformAdmin?: boolean;
};
export type AccountChange = Partial<AccountFields> & { id: string; disabled?: boolean | undefined };

/** Creates an account with the built-in roles every account starts with. Returns null when it already exists. */
export async function createAccount(tx: Tx, input: AccountInput & Partial<repo.NewAccount>) {
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
    // A hash of a random secret nobody knows: the user cannot sign in with a password, and signing in as
    // them takes as long as for anyone else (a hash that fails to parse would answer faster).
    passwordHash: input.passwordHash ?? (await hashPassword(input.password ?? randomBytes(32).toString('base64url'))),
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

/** The account with this id; an unknown id answers 404, as does one the caller's tenant scope hides. */
export async function findAccount(tx: Tx, id: string) {
  const account = await repo.findAccountById(tx, id);
  if (!account) throw notFound();
  return account;
}

export async function accountExists(tx: Tx, id: string): Promise<boolean> {
  return (await repo.findAccountById(tx, id)) !== undefined;
}

/** The account a login link or sign-up names by its slug, if there is one. */
export function findAccountBySlug(tx: Tx, slug: string) {
  return repo.findAccountBySlug(tx, slug);
}

/** Accounts already using any of these unique values (API name, slug, code). */
export function findAccountConflicts(tx: Tx, values: { apiName?: string; accountSlug?: string; accountCode?: string }) {
  return repo.findConflicts(tx, values);
}

/** Whether any account has a user with this username (any letter case): usernames are unique across the platform. */
export function usernameTaken(tx: Tx, username: string): Promise<boolean> {
  return repo.usernameTaken(tx, username);
}

/** Deletes the account; foreign keys cascade to everything it owns. */
export async function deleteAccount(tx: Tx, id: string): Promise<void> {
  await repo.deleteAccount(tx, id);
}

/** Remembers when the account's data was exported (offboarding requires a recent export). */
export async function recordExport(tx: Tx, id: string, at: Date) {
  await repo.updateAccount(tx, id, { offboardingExportedAt: at });
}

export async function listAccounts(tx: Tx, query: AccountsListQuery) {
  const { rows, total, next_cursor, prev_cursor } = await repo.listAccounts(tx, query);
  return { data: rows.map((r) => toWire(r.account, r)), total, next_cursor, prev_cursor };
}

/** Creates accounts all together or not at all; a taken API name, slug or code is a field error. */
export async function createAccounts(tx: Tx, inputs: AccountFields[]): Promise<Account[]> {
  const errors: Record<string, string[]> = {};
  inputs.forEach((input, i) => {
    inputs.slice(0, i).forEach((earlier) => {
      if (earlier.api_name === input.api_name) (errors[`accounts.${i}.api_name`] ??= []).push(Messages.accountTaken('API name'));
      if (earlier.account_slug === input.account_slug) (errors[`accounts.${i}.account_slug`] ??= []).push(Messages.accountTaken('account slug'));
      if (earlier.account_code === input.account_code) (errors[`accounts.${i}.account_code`] ??= []).push(Messages.accountTaken('account code'));
    });
  });
  for (const [i, input] of inputs.entries()) await collectConflicts(tx, i, input, errors);
  if (Object.keys(errors).length > 0) throw badRequest(errors);

  const created: Account[] = [];
  for (const input of inputs) {
    const row = await createAccount(tx, {
      name: input.name,
      apiName: input.api_name,
      accountSlug: input.account_slug,
      accountCode: input.account_code,
      contactName: input.contact_name,
      contactEmail: input.contact_email,
      enforceIp: input.enforce_ip,
      mfaEnforced: input.mfa_enforced,
      adminWhitelistAllowance: input.admin_whitelist_allowance,
    });
    created.push(toWire(row!, { userCount: 0, administratorCount: 0 }));
  }
  return created;
}

/** Changes accounts; disabling one also ends every session of its users. The platform account is left alone. */
export async function updateAccounts(tx: Tx, changes: AccountChange[]): Promise<Account[]> {
  const existing = new Map((await repo.findAccountsByIds(tx, changes.map((c) => c.id))).map((a) => [a.id, a]));
  const errors: Record<string, string[]> = {};
  for (const [i, change] of changes.entries()) {
    const current = existing.get(change.id);
    if (!current) throw notFound();
    if (current.isPlatform) throw refused('platform_account', Messages.platformAccountProtected);
    await collectConflicts(tx, i, change, errors, change.id);
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);

  for (const change of changes) {
    await repo.updateAccount(tx, change.id, {
      name: change.name,
      apiName: change.api_name,
      accountSlug: change.account_slug,
      accountCode: change.account_code,
      contactName: change.contact_name,
      contactEmail: change.contact_email,
      enforceIp: change.enforce_ip,
      mfaEnforced: change.mfa_enforced,
      adminWhitelistAllowance: change.admin_whitelist_allowance,
      disabled: change.disabled,
    });
    if (change.disabled) await repo.deleteAccountSessions(tx, change.id);
  }
  const rows = await repo.findAccountsWithCounts(tx, changes.map((c) => c.id));
  return rows.map((r) => toWire(r.account, r));
}

export async function getAccount(tx: Tx, id: string): Promise<Account> {
  const [row] = await repo.findAccountsWithCounts(tx, [id]);
  if (!row) throw notFound();
  return toWire(row.account, row);
}

export function disableAccounts(tx: Tx, ids: string[]): Promise<Account[]> {
  return updateAccounts(tx, ids.map((id) => ({ id, disabled: true })));
}

async function collectConflicts(
  tx: Tx,
  index: number,
  input: Partial<AccountFields>,
  errors: Record<string, string[]>,
  exceptId?: string,
) {
  const taken = await repo.findConflicts(
    tx,
    { apiName: input.api_name, accountSlug: input.account_slug, accountCode: input.account_code },
    exceptId,
  );
  const flag = (field: string, label: string) => (errors[`accounts.${index}.${field}`] ??= []).push(Messages.accountTaken(label));
  if (taken.some((t) => t.apiName === input.api_name)) flag('api_name', 'API name');
  if (taken.some((t) => t.accountSlug === input.account_slug)) flag('account_slug', 'account slug');
  if (taken.some((t) => t.accountCode === input.account_code)) flag('account_code', 'account code');
}

function toWire(row: repo.AccountRow, { userCount, administratorCount }: { userCount: number; administratorCount: number }): Account {
  return {
    id: row.id,
    name: row.name,
    api_name: row.apiName,
    account_slug: row.accountSlug,
    account_code: row.accountCode,
    disabled: row.disabled,
    enforce_ip: row.enforceIp,
    mfa_enforced: row.mfaEnforced,
    admin_whitelist_allowance: row.adminWhitelistAllowance,
    contact_name: row.contactName,
    contact_email: row.contactEmail,
    created_at: row.createdAt.toISOString(),
    user_count: userCount,
    administrator_count: administratorCount,
  };
}

export async function setEnforceIp(tx: Tx, accountId: string, enforceIp: boolean) {
  if (!(await repo.updateAccount(tx, accountId, { enforceIp }))) throw notFound();
}

export async function accountSettings(tx: Tx, accountId: string) {
  const row = await findAccount(tx, accountId);
  return { account_code: row.accountCode, admin_whitelist_allowance: row.adminWhitelistAllowance, enforce_ip: row.enforceIp };
}
