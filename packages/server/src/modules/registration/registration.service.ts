import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Messages } from '@keydeck/contract/messages';
import { passwordProblem } from '@keydeck/contract/passwords';
import { BUILT_IN_ROLES } from '@keydeck/contract/permissions';
import { REGISTRATION_LINK_HOURS, type AccountMarketplace, type RegistrationRequest } from '@keydeck/contract/registration';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict, invalidLink } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import * as accounts from '../accounts/accounts.service.ts';
import { confirmationMail } from './registration.mails.ts';
import * as repo from './registration.repository.ts';

const LINK_VALID_SECONDS = REGISTRATION_LINK_HOURS * 60 * 60;
/** Account codes are read aloud and typed (password recovery): no 0/O or 1/I to confuse. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** Only the token's hash is stored: a copy of the database confirms nothing. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Records a sign-up and answers the confirmation mail to send once committed. The slug and username are
 * public (login links, sign-in), so a taken one is a field error; the email address is never looked up,
 * so the answer cannot tell whether it is known.
 */
export async function startRegistration(tx: Tx, input: RegistrationRequest, publicUrl: string) {
  const errors: Record<string, string[]> = {};
  if (await accounts.findAccountBySlug(tx, input.account_slug)) errors.account_slug = [Messages.accountTaken('account slug')];
  if (await accounts.usernameTaken(tx, input.username)) errors.username = [Messages.usernameTaken];
  const problem = passwordProblem(input.password, input.username);
  if (problem) errors.password = [problem];
  if (Object.keys(errors).length > 0) throw badRequest(errors);

  await repo.deleteExpiredRegistrations(tx);
  const token = randomBytes(32).toString('base64url');
  const registration = {
    companyName: input.company_name,
    accountSlug: input.account_slug,
    username: input.username,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    marketplaceProvider: input.marketplace?.provider ?? null,
    marketplaceToken: input.marketplace?.token ?? null,
  };
  await repo.insertRegistration(tx, { tokenHash: hashToken(token), ...registration }, LINK_VALID_SECONDS);
  return confirmationMail(registration, `${publicUrl}/register?token=${token}`);
}

/**
 * Confirms a sign-up: the account (with the built-in roles), its first Account Administrator with the
 * password chosen at sign-up, and the marketplace reference. The link is used up in the same transaction,
 * so a refusal thrown here gives it back with the rollback.
 */
export async function confirmRegistration(tx: Tx, token: string) {
  const pending = await repo.consumeRegistration(tx, hashToken(token));
  if (!pending) throw invalidLink(Messages.registrationLinkInvalid);
  if (await accounts.findAccountBySlug(tx, pending.accountSlug)) {
    throw conflict('slug_taken', Messages.registrationSlugTakenMeanwhile);
  }
  const account = await accounts.createAccount(tx, {
    name: pending.companyName,
    apiName: await freeApiName(tx, pending.accountSlug),
    accountSlug: pending.accountSlug,
    accountCode: await freeAccountCode(tx),
    contactName: pending.username,
    contactEmail: pending.email,
  });
  if (!account) throw conflict('slug_taken', Messages.registrationSlugTakenMeanwhile);
  const user = await accounts.createUser(tx, account.id, {
    username: pending.username,
    name: pending.username,
    email: pending.email,
    passwordHash: pending.passwordHash,
    roleNames: [BUILT_IN_ROLES.accountAdministrator.name],
  });
  if (!user) throw conflict('username_taken', Messages.registrationUsernameTakenMeanwhile);
  if (pending.marketplaceProvider && pending.marketplaceToken) {
    await repo.insertMarketplace(tx, { accountId: account.id, provider: pending.marketplaceProvider, token: pending.marketplaceToken });
  }
  return { account, user };
}

/** The marketplace an account signed up through, showing only the token's last four characters. */
export async function accountMarketplace(tx: Tx, accountId: string): Promise<AccountMarketplace> {
  await accounts.findAccount(tx, accountId);
  const row = await repo.findMarketplace(tx, accountId);
  if (!row) return { marketplace: null };
  return {
    marketplace: {
      provider: row.provider as 'azure' | 'google',
      token_last4: row.token.slice(-4),
      recorded_at: row.recordedAt.toISOString(),
    },
  };
}

/** The slug is the natural API name; should another account already use it as its API name, a suffix keeps it unique. */
async function freeApiName(tx: Tx, slug: string): Promise<string> {
  let candidate = slug;
  while ((await accounts.findAccountConflicts(tx, { apiName: candidate })).length > 0) {
    candidate = `${slug.slice(0, 45)}-${randomCode(4).toLowerCase()}`;
  }
  return candidate;
}

async function freeAccountCode(tx: Tx): Promise<string> {
  let candidate = randomCode(CODE_LENGTH);
  while ((await accounts.findAccountConflicts(tx, { accountCode: candidate })).length > 0) candidate = randomCode(CODE_LENGTH);
  return candidate;
}

function randomCode(length: number): string {
  return Array.from({ length }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}
