import { Messages } from '@keydeck/contract/messages';
import type { BatchResult, KeyAlgorithm, KeyGroup, KeyRetrievalAlgorithm } from '@keydeck/contract/payment-keys';
import { badRequest } from '../../platform/errors.ts';
import * as repo from './key-groups.repository.ts';
import { type KeyScope } from './payment-keys.scope.ts';
import * as keysRepo from './symmetric-keys.repository.ts';
import { dukptBdkFits, dukptBdkName, dukptDerivationRefusal } from './key-operations.ts';
import { iso } from '../../db/raw-sql.ts';

export async function list(scope: KeyScope): Promise<{ groups: KeyGroup[] }> {
  const rows = await repo.list(scope.tx, scope.access.serviceId);
  return {
    groups: rows.map((g) => ({
      name: g.name,
      key_retrieval_algorithm: g.retrieval_algorithm as KeyRetrievalAlgorithm,
      key_count: g.key_count,
      bdk: g.bdk,
      created_at: iso(g.created_at)!,
    })),
  };
}

/** Creates groups together: every name new in the service and not repeated, or none is created. DUKPT needs a BDK first. */
export async function create(scope: KeyScope, groups: { name: string; key_retrieval_algorithm: KeyRetrievalAlgorithm }[]) {
  const existing = await repo.findByNames(scope.tx, scope.access.serviceId, groups.map((g) => g.name));
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  groups.forEach((group, i) => {
    const key = group.name.toLowerCase();
    if (existing.has(key) || seen.has(key)) errors[`groups.${i}.name`] = [Messages.keyGroupExists(group.name)];
    if (group.key_retrieval_algorithm !== 'static') errors[`groups.${i}.key_retrieval_algorithm`] = [Messages.keyGroupNeedsBdk(group.name, dukptBdkName(group.key_retrieval_algorithm))];
    seen.add(key);
  });
  if (Object.keys(errors).length) throw badRequest(errors);
  await repo.insert(scope.tx, scope.accountId, scope.access.serviceId, groups.map((g) => ({ name: g.name, retrievalAlgorithm: g.key_retrieval_algorithm })));
}

/** Deletes each group on its own; a group that still holds keys stays (keys are never destroyed by accident). */
export async function remove(scope: KeyScope, names: string[]): Promise<{ results: BatchResult[] }> {
  const groups = await repo.findByNames(scope.tx, scope.access.serviceId, names);
  const results: BatchResult[] = [];
  for (const name of [...new Set(names)]) {
    const group = groups.get(name.toLowerCase());
    const held = group ? await repo.keyCount(scope.tx, group.id) : 0;
    if (!group || held > 0) {
      results.push({ name, success: false, message: Messages.deleteFailed(name, group ? Messages.keyGroupHoldsKeys(group.name, held) : Messages.keyGroupUnknown(name)) });
      continue;
    }
    await repo.remove(scope.tx, group.id);
    results.push({ name: group.name, success: true, message: Messages.deleted(group.name) });
  }
  return { results };
}


/** Changes each group's key retrieval algorithm; DUKPT needs an active BDK (usage B0) of the matching algorithm in the group. */
export async function changeRetrievalAlgorithm(scope: KeyScope, names: string[], algorithm: KeyRetrievalAlgorithm) {
  const groups = await repo.findByNames(scope.tx, scope.access.serviceId, names);
  const results: BatchResult[] = [];
  for (const name of [...new Set(names)]) {
    const group = groups.get(name.toLowerCase());
    const refusal = group ? await dukptRefusal(scope, group, algorithm) : Messages.keyGroupUnknown(name);
    if (refusal || !group) {
      results.push({ name, success: false, message: `${Messages.keyRetrievalChangeFailed(name)}. ${refusal}` });
      continue;
    }
    await repo.setRetrievalAlgorithm(scope.tx, group.id, algorithm);
    results.push({ name: group.name, success: true, message: Messages.keyRetrievalChanged(group.name) });
  }
  return { results };
}

async function dukptRefusal(scope: KeyScope, group: repo.KeyGroupRow, algorithm: KeyRetrievalAlgorithm): Promise<string | null> {
  if (algorithm === 'static') return null;
  const bdk = await keysRepo.activeKeyOfUsage(scope.tx, group.id, 'B0');
  if (!bdk || !dukptBdkFits(algorithm, bdk.algorithm as KeyAlgorithm)) return Messages.keyGroupNeedsBdk(group.name, dukptBdkName(algorithm));
  return dukptDerivationRefusal(scope.keystore, bdk, algorithm);
}
