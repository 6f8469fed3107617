import { FEATURE_NAMES, type AccountFeature, type FeatureName } from '@keydeck/contract/features';
import type { Tx } from '../../db/database.ts';
import * as accounts from '../accounts/accounts.service.ts';
import * as repo from './features.repository.ts';

/** Every known feature of the account; one never set reads false. */
export async function listFeatures(tx: Tx, accountId: string): Promise<AccountFeature[]> {
  await accounts.findAccount(tx, accountId);
  const stored = new Map((await repo.listFeatures(tx, accountId)).map((f) => [f.featureName, f.featureValue]));
  return FEATURE_NAMES.map((name) => ({ feature_name: name, feature_value: stored.get(name) === true }));
}

export async function setFeature(tx: Tx, accountId: string, name: FeatureName, value: boolean) {
  await accounts.findAccount(tx, accountId);
  await repo.upsertFeature(tx, accountId, name, value);
  return { key: name, value };
}
