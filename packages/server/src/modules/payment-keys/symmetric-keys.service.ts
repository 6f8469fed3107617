import { randomBytes, randomUUID } from 'node:crypto';
import { KeyCeremonyMessages } from '@keydeck/contract/key-ceremonies';
import { Messages } from '@keydeck/contract/messages';
import {
  EXPORTABILITY,
  KCV_METHODS,
  KEY_ALGORITHM_LABELS,
  KEY_ALGORITHMS,
  KEY_RETRIEVAL_ALGORITHMS,
  KEY_USAGES,
  MODES_FOR_USAGE,
  MODES_OF_USE,
  isTdes,
  KEY_BYTES,
  type BatchResult,
  type KcvMethod,
  type KeyAlgorithm,
  type SymmetricKey,
  type SymmetricKeyCreate,
  type SymmetricKeyUtils,
  type SymmetricKeysCreateResponse,
  type SymmetricKeysQuery,
} from '@keydeck/contract/payment-keys';
import { badRequest, conflict, forbidden, notFound, unavailable } from '../../platform/errors.ts';
import { combineComponents } from './crypto/components.ts';
import { defaultKcvMethod, kcvOfClearKey } from './crypto/kcv.ts';
import * as groupsRepo from './key-groups.repository.ts';
import { KeyBlockRefusal, exportKeyBlock, handleOf, importKeyBlock, kcvOf, newKeySetId } from './key-operations.ts';
import { KeyUseRefusal } from './key-use.ts';
import { KeyNotExportableError, KeystoreUnavailableError, KeystoreUnsupportedError, type KeyHandle, type Keystore } from '../../platform/keystore.ts';
import { RowRefusal, type KeyScope } from './payment-keys.scope.ts';
import * as repo from './symmetric-keys.repository.ts';
import type { KeyRow, ListedKeyRow } from './symmetric-keys.repository.ts';
import { iso } from '../../db/raw-sql.ts';
import { totalFields } from '../../platform/list-count.ts';

export const toSymmetricKey = (row: ListedKeyRow, assignments: number): SymmetricKey => ({
  id: row.id,
  name: row.name,
  group: row.group_name,
  algorithm: row.algorithm as SymmetricKey['algorithm'],
  usage: row.usage as SymmetricKey['usage'],
  mode_of_use: row.mode_of_use as SymmetricKey['mode_of_use'],
  exportability: row.exportability as SymmetricKey['exportability'],
  version: row.version,
  state: row.state as SymmetricKey['state'],
  kcv: row.kcv,
  kcv_method: row.kcv_method as SymmetricKey['kcv_method'],
  origin: row.origin as SymmetricKey['origin'],
  keystore: row.keystore as SymmetricKey['keystore'],
  assignments,
  created_at: iso(row.created_at)!,
  rotated_at: iso(row.rotated_at),
});

/** The keystore going away mid-call is a 503 that changed nothing: the request's transaction rolls back. */
export function keystoreFailure(error: unknown): unknown {
  if (error instanceof KeystoreUnavailableError) {
    return unavailable('keystore_unavailable', Messages.keystoreUnavailable);
  }
  if (error instanceof KeystoreUnsupportedError) return conflict('keystore_unsupported', Messages.keystoreUnsupported);
  return error;
}

export async function list(scope: KeyScope, query: SymmetricKeysQuery) {
  let groupId: string | null = null;
  if (query.group) {
    const group = (await groupsRepo.findByNames(scope.tx, scope.access.serviceId, [query.group])).get(query.group.toLowerCase());
    if (!group) throw notFound(Messages.keyGroupUnknown(query.group));
    groupId = group.id;
  }
  const { rows, total, next_cursor, prev_cursor } = await repo.listPage(scope.tx, scope.access.serviceId, query, groupId);
  return { data: rows.map((row) => toSymmetricKey(row, row.assignments)), ...totalFields(total), next_cursor, prev_cursor };
}

/**
 * Creates each key on its own (generated, combined from components, or unwrapped from a key block): a refused
 * row says why and the others go on. Material already in the keystore for a row that then fails is destroyed.
 */
export async function create(scope: KeyScope, rows: SymmetricKeyCreate[]): Promise<SymmetricKeysCreateResponse> {
  const serviceId = scope.access.serviceId;
  if (rows.some((row) => row.source === 'components') && !(await repo.singleOperatorEntry(scope.tx, serviceId))) {
    throw forbidden('split_knowledge_required', KeyCeremonyMessages.singleOperatorOff);
  }
  const groups = await groupsRepo.findByNames(scope.tx, serviceId, rows.map((r) => r.group));
  const existing = await repo.findByNames(scope.tx, serviceId, rows.flatMap((r) => (r.source === 'key_block' ? [r.name, r.kbpk] : [r.name])));
  const taken = new Set([...existing.keys()]);
  const results: SymmetricKeysCreateResponse['results'] = [];
  for (const row of rows) {
    try {
      const key = await scope.tx.transaction((tx) => createOne({ ...scope, tx }, row, groups, taken, (id) => material({ ...scope, tx }, row, id, existing)));
      taken.add(row.name.toLowerCase());
      results.push({ name: key.name, success: true, message: Messages.keyCreated(key.name, key.kcv), key });
    } catch (error) {
      if (!(error instanceof RowRefusal)) throw keystoreFailure(error);
      results.push({ name: row.name, success: false, message: Messages.keyCreateFailed(row.name, error.message) });
    }
  }
  return { results };
}

async function createOne(
  scope: KeyScope,
  row: { name: string; group: string; source: SymmetricKeyCreate['source']; kcv?: string },
  groups: Map<string, groupsRepo.KeyGroupRow>,
  taken: Set<string>,
  materialOf: (id: string) => Promise<Material>,
): Promise<SymmetricKey> {
  const group = groups.get(row.group.toLowerCase());
  if (!group) throw new RowRefusal(Messages.keyGroupUnknown(row.group));
  if (taken.has(row.name.toLowerCase())) throw new RowRefusal(Messages.keyExists(row.name));
  const id = randomUUID();
  const made = await materialOf(id);
  const handle = { id, algorithm: made.algorithm, exportable: made.attributes.exportability !== 'N', ref: made.ref };
  try {
    const kcvMethod: KcvMethod = defaultKcvMethod(made.algorithm);
    const kcv = made.kcv ?? (await kcvOf(scope.keystore, handle, kcvMethod));
    if (row.kcv && row.kcv !== kcv) {
      throw new RowRefusal(row.source === 'components' ? Messages.combinedKcvMismatch(kcv) : Messages.keyBlockKcvMismatch(kcv));
    }
    const stored: repo.NewKey = {
      id,
      name: row.name,
      group_id: group.id,
      algorithm: made.algorithm,
      ...made.attributes,
      kcv,
      kcv_method: kcvMethod,
      origin: row.source === 'generate' ? 'generated' : row.source,
      keystore: scope.keystore.kind,
      key_ref: made.ref,
      material_id: id,
      key_set_id: made.attributes.usage === 'B0' ? newKeySetId(made.algorithm) : null,
    };
    await repo.insert(scope.tx, scope.accountId, scope.access.serviceId, stored);
    await record(scope, { keyId: id, keyName: row.name, action: 'created', kcv, detail: made.detail });
    return toSymmetricKey({ ...stored, group_name: group.name, state: 'active', created_at: new Date(), rotated_at: null }, 0);
  } catch (error) {
    await scope.keystore.destroy(handle).catch(() => undefined);
    throw error;
  }
}

/** What a key ceremony assembled, for one key: checked and stored as any new key, its history saying how it was made. */
export type AssembledKey = Omit<Extract<SymmetricKeyCreate, { source: 'generate' }>, 'source'>;

/**
 * Stores a key whose clear value a key ceremony assembled (clear is zeroed once in the keystore); refuses (409)
 * what a new key may not be (a name taken since, a group gone, a mode of use not for the usage).
 */
export async function createAssembled(scope: KeyScope, key: AssembledKey, clear: Buffer, detail: string): Promise<SymmetricKey> {
  const serviceId = scope.access.serviceId;
  const groups = await groupsRepo.findByNames(scope.tx, serviceId, [key.group]);
  const taken = new Set((await repo.findByNames(scope.tx, serviceId, [key.name])).keys());
  const attributes = { usage: key.usage, mode_of_use: key.mode_of_use, exportability: key.exportability, version: key.version };
  try {
    return await createOne(scope, { name: key.name, group: key.group, source: 'components' }, groups, taken, async (id) => {
      if (!MODES_FOR_USAGE[key.usage].includes(key.mode_of_use)) throw new RowRefusal(Messages.keyModeNotForUsage(key.usage, key.mode_of_use));
      const ref = await scope.keystore.importClear({ id, algorithm: key.algorithm, exportable: key.exportability !== 'N' }, clear);
      return { algorithm: key.algorithm, ref, attributes, detail };
    });
  } catch (error) {
    throw error instanceof RowRefusal ? conflict('key_refused', Messages.keyCreateFailed(key.name, error.message)) : keystoreFailure(error);
  }
}

type Material = {
  algorithm: KeyAlgorithm;
  ref: string;
  kcv?: string;
  attributes: { usage: string; mode_of_use: string; exportability: string; version: string };
  detail: string;
};

async function material(scope: KeyScope, row: SymmetricKeyCreate, id: string, existing: Map<string, KeyRow>): Promise<Material> {
  if (row.source === 'key_block') {
    const kbpk = usableKbpk(existing, row.kbpk);
    try {
      const imported = await importKeyBlock(scope.keystore, kbpk, row.key_block, id);
      const { header } = imported;
      return {
        algorithm: imported.algorithm,
        ref: imported.ref,
        kcv: imported.kcv,
        attributes: { usage: header.usage, mode_of_use: header.modeOfUse, exportability: header.exportability, version: header.keyVersion },
        detail: `imported from a TR-31 version ${header.version} key block under ${kbpk.name} (KCV ${kbpk.kcv})`,
      };
    } catch (error) {
      if (error instanceof KeystoreUnavailableError) throw error;
      if (error instanceof KeyUseRefusal) throw new RowRefusal(error.message);
      throw new RowRefusal(Messages.keyBlockInvalid(error instanceof Error ? error.message : String(error)));
    }
  }
  const attributes = { usage: row.usage, mode_of_use: row.mode_of_use, exportability: row.exportability, version: row.version };
  if (!MODES_FOR_USAGE[row.usage].includes(row.mode_of_use)) throw new RowRefusal(Messages.keyModeNotForUsage(row.usage, row.mode_of_use));
  const identity = { id, algorithm: row.algorithm, exportable: row.exportability !== 'N' };
  if (row.source === 'generate') {
    return { algorithm: row.algorithm, ref: await scope.keystore.generate(identity), attributes, detail: 'generated in the keystore' };
  }
  const combined = await combineCheckedComponents(row.algorithm, row.components);
  try {
    const ref = await scope.keystore.importClear(identity, combined);
    return { algorithm: row.algorithm, ref, attributes, detail: `combined from ${row.components.length} components (KCVs ${row.components.map((c) => c.kcv).join(', ')})` };
  } finally {
    combined.fill(0);
  }
}

/** Each component has the key's length and matches its custodian's KCV; no two are the same; XORed into the key. */
async function combineCheckedComponents(algorithm: KeyAlgorithm, components: { value: string; kcv: string }[]): Promise<Buffer> {
  const buffers = components.map((c, i) => {
    if (c.value.length !== KEY_BYTES[algorithm] * 2) throw new RowRefusal(Messages.componentLength(i + 1, KEY_BYTES[algorithm]));
    return Buffer.from(c.value, 'hex');
  });
  try {
    for (const [i, buffer] of buffers.entries()) {
      const kcv = await kcvOfClearKey(algorithm, buffer);
      if (kcv !== components[i]!.kcv) throw new RowRefusal(Messages.componentKcvMismatch(i + 1, kcv));
    }
    if (new Set(components.map((c) => c.value)).size !== components.length) throw new RowRefusal(Messages.componentsRepeated);
    return combineComponents(buffers);
  } finally {
    for (const buffer of buffers) buffer.fill(0);
  }
}

/** The named KBPK, if there is one and it is active; whether it may wrap or unwrap is the key operation's to ask (key-use). */
function usableKbpk(keys: Map<string, KeyRow>, name: string): KeyRow {
  const kbpk = keys.get(name.toLowerCase());
  if (!kbpk) throw new RowRefusal(Messages.keyUnknown(name));
  if (kbpk.state !== 'active') throw new RowRefusal(Messages.keyNotActive(kbpk.name, kbpk.state));
  return kbpk;
}

/** Deletes each key on its own; a key in a slot or serving as a DUKPT group's BDK stays. Its material goes after commit. */
export async function remove(scope: KeyScope, names: string[]): Promise<{ results: BatchResult[] }> {
  const keys = await repo.findByNames(scope.tx, scope.access.serviceId, names);
  const groups = await groupsRepo.list(scope.tx, scope.access.serviceId);
  const results: BatchResult[] = [];
  for (const name of [...new Set(names)]) {
    const key = keys.get(name.toLowerCase());
    const refusal = key ? await deleteRefusal(scope, key, groups) : Messages.keyUnknown(name);
    if (refusal || !key) {
      results.push({ name, success: false, message: Messages.deleteFailed(name, refusal!) });
      continue;
    }
    await repo.remove(scope.tx, key.id);
    await record(scope, { keyId: key.id, keyName: key.name, action: 'deleted', kcv: key.kcv });
    scope.afterCommit(() => scope.keystore.destroy(handleOf(key)));
    results.push({ name: key.name, success: true, message: Messages.deleted(key.name) });
  }
  return { results };
}

async function deleteRefusal(scope: KeyScope, key: KeyRow, groups: Awaited<ReturnType<typeof groupsRepo.list>>): Promise<string | null> {
  const assigned = await repo.assignmentCount(scope.tx, key.id);
  if (assigned > 0) return Messages.keyAssigned(key.name, assigned);
  const dukptGroup = groups.find((g) => g.id === key.group_id && g.retrieval_algorithm !== 'static' && g.bdk === key.name);
  return dukptGroup ? Messages.keyIsGroupBdk(key.name, dukptGroup.name) : null;
}

const NEXT_STATE = { activate: 'active', disable: 'disabled', retire: 'retired' } as const;

/** A state change or a rotation, each key on its own; a retired key stays as it is. */
export async function update(scope: KeyScope, names: string[], action: 'activate' | 'disable' | 'retire' | 'rotate') {
  const keys = await repo.findByNames(scope.tx, scope.access.serviceId, names);
  const results: BatchResult[] = [];
  for (const name of [...new Set(names)]) {
    const key = keys.get(name.toLowerCase());
    try {
      if (!key) throw new RowRefusal(Messages.keyUnknown(name));
      if (key.state === 'retired') throw new RowRefusal(Messages.keyRetired(key.name));
      results.push({ name: key.name, success: true, message: action === 'rotate' ? await rotate(scope, key) : await changeState(scope, key, NEXT_STATE[action]) });
    } catch (error) {
      if (!(error instanceof RowRefusal)) throw keystoreFailure(error);
      results.push({ name, success: false, message: Messages.keyChangeFailed(name, error.message) });
    }
  }
  return { results };
}

async function changeState(scope: KeyScope, key: KeyRow, state: string): Promise<string> {
  await repo.setState(scope.tx, key.id, state);
  await record(scope, { keyId: key.id, keyName: key.name, action: `state ${key.state} -> ${state}`, kcv: key.kcv });
  return Messages.keyStateChanged(key.name, state);
}

/** New material for a generated key under the same name: the next version, a new KCV; the old material goes after commit. */
async function rotate(scope: KeyScope, key: KeyRow): Promise<string> {
  if (key.origin !== 'generated') throw new RowRefusal(Messages.keyRotateImported(key.name));
  const identity = { id: randomUUID(), algorithm: key.algorithm as KeyAlgorithm, exportable: key.exportability !== 'N' };
  const ref = await scope.keystore.generate(identity);
  const kcv = await kcvOf(scope.keystore, { ...identity, ref }, key.kcv_method as KcvMethod);
  const version = /^\d{2}$/.test(key.version) ? String((Number(key.version) + 1) % 100).padStart(2, '0') : key.version;
  await repo.rotate(scope.tx, key.id, { version, kcv, keyRef: ref, materialId: identity.id });
  await record(scope, { keyId: key.id, keyName: key.name, action: 'rotated', kcv, detail: `previous KCV ${key.kcv}, version ${key.version} -> ${version}` });
  scope.afterCommit(() => scope.keystore.destroy(handleOf(key)));
  return Messages.keyRotated(key.name, kcv);
}

/** The key as a TR-31 key block under a KBPK of the service. */
export async function exportKey(scope: KeyScope, name: string, kbpkName: string) {
  const keys = await repo.findByNames(scope.tx, scope.access.serviceId, [name, kbpkName]);
  const key = keys.get(name.toLowerCase());
  if (!key) throw notFound(Messages.keyUnknown(name));
  if (key.state !== 'active') throw conflict('key_not_active', Messages.keyNotActive(key.name, key.state));
  if (key.exportability === 'N') throw conflict('key_not_exportable', Messages.keyNotExportable(key.name));
  let kbpk: KeyRow;
  try {
    kbpk = usableKbpk(keys, kbpkName);
  } catch (error) {
    throw badRequest({ kbpk: [(error as Error).message] });
  }
  try {
    const keyBlock = await exportKeyBlock(scope.keystore, key, kbpk);
    await record(scope, { keyId: key.id, keyName: key.name, action: 'exported', kcv: key.kcv, detail: `TR-31 version ${keyBlock[0]} under ${kbpk.name} (KCV ${kbpk.kcv})` });
    return { key_block: keyBlock, kcv: key.kcv, kbpk_kcv: kbpk.kcv, format: `TR-31 version ${keyBlock[0]}` };
  } catch (error) {
    if (error instanceof KeyNotExportableError) throw conflict('key_not_exportable', Messages.keyNotExportable(key.name));
    if (error instanceof KeyBlockRefusal || error instanceof KeyUseRefusal) throw badRequest({ kbpk: [error.message] });
    throw keystoreFailure(error);
  }
}

/** What splitIntoComponents made: the key as its record knows it, and each component as a keystore key with its KCV. */
export type KeyComponents = {
  key: { id: string; name: string; algorithm: KeyAlgorithm; kcv: string };
  components: { handle: KeyHandle; kcv: string }[];
};

/**
 * An exportable, active key split into one component for each custodian named (two or three): random values and
 * the XOR rest, made from the key's clear value inside withClear. Each component is stored only as a keystore key
 * of its own (exportable, a fresh id: a sealed blob or a token object); its KCV is computed with the key's KCV
 * method. The key's history records the export with the components' KCVs. A failure destroys what was made.
 */
export async function splitIntoComponents(scope: KeyScope, name: string, custodians: string[], openedBy: string): Promise<KeyComponents> {
  const key = (await repo.findByNames(scope.tx, scope.access.serviceId, [name])).get(name.toLowerCase());
  if (!key) throw notFound(Messages.keyUnknown(name));
  if (key.state !== 'active') throw conflict('key_not_active', Messages.keyNotActive(key.name, key.state));
  if (key.exportability === 'N') throw conflict('key_not_exportable', Messages.keyNotExportable(key.name));
  const algorithm = key.algorithm as KeyAlgorithm;
  const method = key.kcv_method as KcvMethod;
  const made: { handle: KeyHandle; kcv: string }[] = [];
  try {
    await scope.keystore.withClear(handleOf(key), async (clear) => {
      const parts = Array.from({ length: custodians.length - 1 }, () => randomBytes(clear.length));
      const rest = Buffer.from(clear);
      for (const part of parts) for (let i = 0; i < rest.length; i++) rest[i] = rest[i]! ^ part[i]!;
      parts.push(rest);
      try {
        for (const part of parts) {
          const { kcv } = await componentKcv(algorithm, part, method);
          const identity = { id: randomUUID(), algorithm, exportable: true };
          const ref = await scope.keystore.importClear(identity, part);
          made.push({ handle: { ...identity, ref }, kcv });
        }
      } finally {
        for (const part of parts) part.fill(0);
      }
    });
  } catch (error) {
    for (const { handle } of made) await scope.keystore.destroy(handle).catch(() => undefined);
    if (error instanceof KeyNotExportableError) throw conflict('key_not_exportable', Messages.keyNotExportable(key.name));
    throw keystoreFailure(error);
  }
  const to = made.map((c, i) => `${i + 1} to ${custodians[i]} (KCV ${c.kcv})`).join(', ');
  await record(scope, { keyId: key.id, keyName: key.name, action: 'exported', kcv: key.kcv, detail: `as ${made.length} components in an export opened by ${openedBy}: ${to}` });
  return { key: { id: key.id, name: key.name, algorithm, kcv: key.kcv }, components: made };
}

export async function history(scope: KeyScope, name: string) {
  const key = (await repo.findByNames(scope.tx, scope.access.serviceId, [name])).get(name.toLowerCase());
  if (!key) throw notFound(Messages.keyUnknown(name));
  const [events, assignments] = await Promise.all([repo.history(scope.tx, scope.access.serviceId, key.id), repo.assignmentsOf(scope.tx, key.id)]);
  return { events: events.map((e) => ({ ...e, occurred_at: iso(e.occurred_at)! })), assignments };
}

export function record(scope: KeyScope, event: repo.KeyEvent) {
  return repo.recordEvent(scope.tx, { accountId: scope.accountId, serviceId: scope.access.serviceId, actor: scope.actor }, event);
}

/**
 * One component's KCV (given as hex, or as bytes, which are left as they are), so its custodian confirms it before
 * the next one is entered, or knows the one they were given; the value is not kept.
 */
export async function componentKcv(algorithm: KeyAlgorithm, component: string | Buffer, method: KcvMethod = defaultKcvMethod(algorithm)) {
  const bytes = typeof component === 'string' ? component.length / 2 : component.length;
  if (bytes !== KEY_BYTES[algorithm]) throw badRequest({ value: [Messages.componentLength(1, KEY_BYTES[algorithm]).replace('Component 1', 'A component')] });
  if (isTdes(algorithm) && method !== 'tdes') throw badRequest({ kcv_method: ['TDES keys use the TDES KCV method'] });
  if (!isTdes(algorithm) && method === 'tdes') throw badRequest({ kcv_method: ['AES keys use the AES-CMAC or the legacy AES-ECB KCV method'] });
  const value = typeof component === 'string' ? Buffer.from(component, 'hex') : Buffer.from(component);
  try {
    return { kcv: await kcvOfClearKey(algorithm, value, method), kcv_method: method };
  } finally {
    value.fill(0);
  }
}

/** What the screens offer: algorithms, TR-31 usages with their modes of use, exportability, KCV methods. */
export function utils(keystore: Keystore): SymmetricKeyUtils {
  return {
    algorithms: KEY_ALGORITHMS.map((id) => ({
      id,
      label: KEY_ALGORITHM_LABELS[id],
      bytes: KEY_BYTES[id],
      kcv_method: isTdes(id) ? 'tdes' : 'aes-cmac',
      kcv_methods: isTdes(id) ? ['tdes'] : ['aes-cmac', 'aes-ecb'],
    })),
    usages: Object.entries(KEY_USAGES).map(([code, label]) => ({ code: code as keyof typeof KEY_USAGES, label, modes_of_use: MODES_FOR_USAGE[code as keyof typeof KEY_USAGES] })),
    modes_of_use: Object.entries(MODES_OF_USE).map(([code, label]) => ({ code: code as keyof typeof MODES_OF_USE, label })),
    exportability: Object.entries(EXPORTABILITY).map(([code, label]) => ({ code: code as keyof typeof EXPORTABILITY, label })),
    kcv_methods: Object.entries(KCV_METHODS).map(([id, label]) => ({ id: id as KcvMethod, label })),
    key_retrieval_algorithms: Object.entries(KEY_RETRIEVAL_ALGORITHMS).map(([id, label]) => ({ id: id as keyof typeof KEY_RETRIEVAL_ALGORITHMS, label })),
    keystore: keystore.kind,
  };
}


/** Each named key as its audit trail knows it, read before a change removes it: "name (id, KCV x)" a line. */
export async function describeKeys(scope: Pick<KeyScope, 'tx' | 'access'>, names: string[]): Promise<string> {
  const keys = await repo.findByNames(scope.tx, scope.access.serviceId, names);
  return [...keys.values()].map((k) => `${k.name} (${k.id}, KCV ${k.kcv})`).join('\n');
}
