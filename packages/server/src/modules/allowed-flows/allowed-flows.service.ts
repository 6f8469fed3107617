import { DEFAULT_ALLOWED_FLOWS, SIGN_IN_FLOWS, type AllowedFlows, type SignInFlow } from '@keydeck/contract/allowed-flows';
import { Messages } from '@keydeck/contract/messages';
import type { Tx } from '../../db/database.ts';
import { badRequest, securityRefusal } from '../../platform/errors.ts';
import * as accounts from '../accounts/accounts.service.ts';
import * as repo from './allowed-flows.repository.ts';

/** Which sign-in methods an account permits; an account that never changed it permits all. */
export async function flowsOf(tx: Tx, accountId: string): Promise<AllowedFlows> {
  return (await repo.findFlows(tx, accountId)) ?? { ...DEFAULT_ALLOWED_FLOWS };
}

/** The flows of an account by its slug; an unknown slug answers the defaults, so slugs cannot be probed. */
export async function flowsBySlug(tx: Tx, accountSlug: string): Promise<AllowedFlows> {
  const account = accountSlug ? await accounts.findAccountBySlug(tx, accountSlug) : undefined;
  return account ? flowsOf(tx, account.id) : { ...DEFAULT_ALLOWED_FLOWS };
}

/** The permitted methods by name, as an account export lists them. */
export async function allowedFlowNames(tx: Tx, accountId: string): Promise<SignInFlow[]> {
  const flows = await getAllowedFlows(tx, accountId);
  return SIGN_IN_FLOWS.filter((flow) => flows[flow]);
}

export async function getAllowedFlows(tx: Tx, accountId: string): Promise<AllowedFlows> {
  await accounts.findAccount(tx, accountId);
  return flowsOf(tx, accountId);
}

/**
 * Replaces the account's setting. The contract already refuses "none allowed"; the platform's own account
 * keeps password sign-in, or a slip could lock every platform administrator out.
 */
export async function setAllowedFlows(tx: Tx, accountId: string, flows: AllowedFlows): Promise<AllowedFlows> {
  const account = await accounts.findAccount(tx, accountId);
  if (!flows.password && !flows.openid) throw badRequest({ password: [Messages.allowedFlowsNoneLeft] });
  if (account.isPlatform && !flows.password) throw badRequest({ password: [Messages.platformPasswordRequired] }, Messages.platformPasswordRequired);
  await repo.saveFlows(tx, accountId, flows);
  return flows;
}

/** A sign-in with a method the user's account does not permit; always audited. */
export const flowRefused = (flow: SignInFlow) =>
  securityRefusal(403, `${flow}_flow_not_allowed`, flow === 'password' ? Messages.passwordSignInOff : Messages.openidSignInOff);

/** "password on, openid off": how a change reads in the audit trail. */
export const describeFlows = (flows: AllowedFlows) => `password ${flows.password ? 'on' : 'off'}, openid ${flows.openid ? 'on' : 'off'}`;
