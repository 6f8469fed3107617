import type { OAuthAccountPolicy } from '@keydeck/contract/oauth';
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../platform/errors.ts';
import * as repo from './account-policy.repository.ts';

export async function policyOf(tx: Tx, accountId: string): Promise<OAuthAccountPolicy> {
  const allowed = await repo.otherCompanyClientsAllowed(tx, accountId);
  if (allowed === undefined) throw notFound();
  return { other_company_clients: allowed };
}

/**
 * Sets whether the account's users may allow other accounts' applications. Refusing them also ends the consents
 * already given to them: a remembered consent would otherwise keep issuing tokens.
 */
export async function setPolicy(tx: Tx, accountId: string, policy: OAuthAccountPolicy): Promise<OAuthAccountPolicy & { revoked: number }> {
  await policyOf(tx, accountId);
  await repo.setOtherCompanyClients(tx, accountId, policy.other_company_clients);
  const revoked = policy.other_company_clients ? 0 : await repo.revokeOtherCompanyGrants(tx, accountId);
  return { ...policy, revoked };
}
