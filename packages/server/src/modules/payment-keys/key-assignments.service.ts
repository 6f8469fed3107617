import { Messages } from '@keydeck/contract/messages';
import { TDES_DUKPT_DEVICES_MAX, isTdes, type BatchResult, type KeyAlgorithm, type KeyAssignment, type KeyAssignmentsQuery, type KeyLoadResponse, type KeyRetrievalAlgorithm } from '@keydeck/contract/payment-keys';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import * as repo from './key-assignments.repository.ts';
import { KeyBlockRefusal, deviceKsn, dukptDerivationRefusal, exportInitialKey, exportKeyBlock } from './key-operations.ts';
import { KeyUseRefusal } from './key-use.ts';
import { KeyNotExportableError } from '../../platform/keystore.ts';
import { RowRefusal, type KeyScope } from './payment-keys.scope.ts';
import * as keyGroupsRepo from './key-groups.repository.ts';
import * as keysRepo from './symmetric-keys.repository.ts';
import { keystoreFailure, record } from './symmetric-keys.service.ts';
import { iso } from '../../db/raw-sql.ts';
import { totalFields } from '../../platform/list-count.ts';

const toAssignment = (row: repo.AssignmentRow): KeyAssignment => ({
  group: row.group,
  key_slot: row.key_slot,
  key: row.key,
  key_group: row.key_group,
  key_retrieval_algorithm: row.key_retrieval_algorithm as KeyRetrievalAlgorithm,
  algorithm: row.algorithm as KeyAlgorithm,
  usage: row.usage as KeyAssignment['usage'],
  kcv: row.kcv,
  created_at: iso(row.created_at)!,
});

export async function list(scope: KeyScope, query: KeyAssignmentsQuery) {
  const { rows, total, next_cursor, prev_cursor } = await repo.listPage(scope.tx, scope.access.serviceId, query);
  return { data: rows.map(toAssignment), ...totalFields(total), next_cursor, prev_cursor };
}

type Slot = { group: string; key_slot: number };

/** Assigns each key to its device group's slot on its own: a slot holds one key per group. */
export async function create(scope: KeyScope, rows: (Slot & { key: string })[]): Promise<{ results: BatchResult[] }> {
  const serviceId = scope.access.serviceId;
  const groups = await repo.deviceGroupsByNames(scope.tx, serviceId, rows.map((r) => r.group));
  const keys = await keysRepo.findByNames(scope.tx, serviceId, rows.map((r) => r.key));
  const keyGroups = new Map((await keyGroupsRepo.list(scope.tx, serviceId)).map((g) => [g.id, g.retrieval_algorithm]));
  const results: BatchResult[] = [];
  for (const row of rows) {
    const name = `${row.group} slot ${row.key_slot}`;
    try {
      const group = groups.get(row.group.toLowerCase());
      if (!group) throw new RowRefusal(Messages.deviceGroupUnknown(row.group));
      const key = keys.get(row.key.toLowerCase());
      if (!key) throw new RowRefusal(Messages.keyUnknown(row.key));
      if (key.state !== 'active') throw new RowRefusal(Messages.keyNotActive(key.name, key.state));
      const underivable = dukptDerivationRefusal(scope.keystore, key, keyGroups.get(key.group_id) as KeyRetrievalAlgorithm);
      if (underivable) throw new RowRefusal(underivable);
      const held = await repo.find(scope.tx, serviceId, group.id, row.key_slot);
      if (held) throw new RowRefusal(Messages.slotTaken(group.name, row.key_slot, held.key));
      await repo.insert(scope.tx, { accountId: scope.accountId, serviceId, deviceGroupId: group.id, slot: row.key_slot, keyId: key.id });
      await record(scope, { keyId: key.id, keyName: key.name, action: 'assigned', kcv: key.kcv, detail: `${group.name} slot ${row.key_slot}` });
      results.push({ name, success: true, message: Messages.assignmentCreated(group.name, row.key_slot, key.name) });
    } catch (error) {
      if (!(error instanceof RowRefusal)) throw error;
      results.push({ name, success: false, message: Messages.assignmentCreateFailed(row.group, row.key_slot, error.message) });
    }
  }
  return { results };
}

export async function remove(scope: KeyScope, rows: Slot[]): Promise<{ results: BatchResult[] }> {
  const serviceId = scope.access.serviceId;
  const groups = await repo.deviceGroupsByNames(scope.tx, serviceId, rows.map((r) => r.group));
  const results: BatchResult[] = [];
  for (const row of rows) {
    const name = `${row.group} slot ${row.key_slot}`;
    const group = groups.get(row.group.toLowerCase());
    const held = group && (await repo.find(scope.tx, serviceId, group.id, row.key_slot));
    if (!group || !held) {
      const error = group ? Messages.assignmentUnknown : Messages.deviceGroupUnknown(row.group);
      results.push({ name, success: false, message: Messages.assignmentRemoveFailed(row.group, row.key_slot, error) });
      continue;
    }
    await repo.remove(scope.tx, held.id);
    await record(scope, { keyId: held.key_id, keyName: held.key, action: 'unassigned', kcv: held.kcv, detail: `${group.name} slot ${row.key_slot}` });
    results.push({ name, success: true, message: Messages.assignmentRemoved(group.name, row.key_slot) });
  }
  return { results };
}

/**
 * What one device loads into one slot, wrapped under a KBPK as TR-31: the assigned key (static group), or the
 * device's initial DUKPT key derived from the assigned BDK and the device's KSN (DUKPT group).
 */
export async function load(scope: KeyScope, body: { serial: string; key_slot: number; kbpk: string }): Promise<KeyLoadResponse> {
  const serviceId = scope.access.serviceId;
  const device = await repo.deviceBySerial(scope.tx, serviceId, body.serial);
  if (!device) throw notFound(Messages.keyLoadDeviceUnknown(body.serial));
  const assignment = await repo.find(scope.tx, serviceId, device.group_id, body.key_slot);
  if (!assignment) throw notFound(Messages.keyLoadNoAssignment(device.group_name, body.key_slot));
  const keys = await keysRepo.findByNames(scope.tx, serviceId, [assignment.key, body.kbpk]);
  const key = keys.get(assignment.key.toLowerCase())!;
  const kbpk = keys.get(body.kbpk.toLowerCase());
  if (!kbpk) throw badRequest({ kbpk: [Messages.keyUnknown(body.kbpk)] });
  for (const k of [key, kbpk]) if (k.state !== 'active') throw conflict('key_not_active', Messages.keyNotActive(k.name, k.state));

  const algorithm = assignment.key_retrieval_algorithm as KeyRetrievalAlgorithm;
  const derive = algorithm !== 'static' && key.usage === 'B0';
  try {
    let answer: KeyLoadResponse;
    if (derive) {
      const underivable = dukptDerivationRefusal(scope.keystore, key, algorithm);
      if (underivable) throw conflict('dukpt_bdk_unusable', underivable);
      if (isTdes(key.algorithm as KeyAlgorithm) && device.id >= TDES_DUKPT_DEVICES_MAX) throw conflict('dukpt_device_limit', Messages.dukptDeviceLimit);
      const ksn = deviceKsn(key, device.id);
      const initial = await exportInitialKey(scope.keystore, key, ksn, kbpk);
      answer = { key_block: initial.keyBlock, kcv: initial.kcv, ksn: ksn.toString('hex').toUpperCase(), key_retrieval_algorithm: algorithm };
    } else {
      if (key.exportability === 'N') throw conflict('key_not_exportable', Messages.keyNotExportable(key.name));
      answer = { key_block: await exportKeyBlock(scope.keystore, key, kbpk), kcv: key.kcv, ksn: null, key_retrieval_algorithm: algorithm };
    }
    await repo.markLoaded(scope.tx, device.id);
    await record(scope, {
      keyId: key.id,
      keyName: key.name,
      action: derive ? 'initial key derived' : 'loaded',
      kcv: key.kcv,
      detail: `device ${device.serial} slot ${body.key_slot} under ${kbpk.name}${answer.ksn ? `, KSN ${answer.ksn}, initial key KCV ${answer.kcv}` : ''}`,
    });
    return answer;
  } catch (error) {
    if (error instanceof KeyNotExportableError) throw conflict('key_not_exportable', Messages.keyNotExportable(key.name));
    if (error instanceof KeyBlockRefusal || (error instanceof KeyUseRefusal && error.role === 'kbpk')) throw badRequest({ kbpk: [error.message] });
    if (error instanceof KeyUseRefusal) throw conflict('key_use_refused', error.message);
    throw keystoreFailure(error);
  }
}
