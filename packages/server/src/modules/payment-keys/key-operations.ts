import { randomBytes } from 'node:crypto';
import { Messages } from '@keydeck/contract/messages';
import { isTdes, KEY_ALGORITHM_SHORT, KEY_BYTES, KEY_USAGE_CODES, MODES_FOR_USAGE, type KcvMethod, type KeyAlgorithm, type KeyRetrievalAlgorithm, type KeyUsage } from '@keydeck/contract/payment-keys';
import { defaultKcvMethod, kcvFrom, kcvOfClearKey } from './crypto/kcv.ts';
import { aesInitialKey, tdesInitialKey } from './crypto/dukpt.ts';
import { unwrapTr31, wrapTr31, type KbpkOps, type Tr31HeaderFields } from './crypto/tr31.ts';
import { withKeptDerivation } from './kbpk-derivations.ts';
import { KeystoreUnavailableError, KeystoreUnsupportedError, type KeyHandle, type Keystore } from '../../platform/keystore.ts';
import { assertKeyUse, assertNotWrappedUnderItself, assertStrongEnough, importableMode, type UsedKey } from './key-use.ts';

/**
 * The key operations of the payment-key screens, each composed of block operations the keystore performs, so
 * the same code runs on the software keystore and on an HSM token; a key's clear value enters process memory
 * only inside withClear (an exportable key being wrapped) or as a just-derived key being wrapped, then is zeroed.
 */
export type StoredKey = { material_id: string; algorithm: string; exportability: string; key_ref: string };
/** A key an operation uses (a KBPK, a BDK): its usage and mode of use say whether it may. */
export type UsableKey = StoredKey & UsedKey;

export const handleOf = (key: StoredKey): KeyHandle => ({
  id: key.material_id,
  algorithm: key.algorithm as KeyAlgorithm,
  exportable: key.exportability !== 'N',
  ref: key.key_ref,
});

export function kcvOf(keystore: Keystore, handle: KeyHandle, method: KcvMethod = defaultKcvMethod(handle.algorithm)): Promise<string> {
  return kcvFrom(method, { encryptEcb: (data) => keystore.encryptEcb(handle, data), cmac: (data) => keystore.cmac(handle, data) });
}

const kbpkOps = (keystore: Keystore, kbpk: KeyHandle): KbpkOps =>
  withKeptDerivation({ algorithm: kbpk.algorithm, cmac: (data) => keystore.cmac(kbpk, data) }, `${kbpk.id} ${kbpk.ref}`);

export type Tr31Attributes = { usage: string; mode_of_use: string; version: string; exportability: string; algorithm: string };

const headerOf = (key: Tr31Attributes) => ({
  usage: key.usage,
  algorithm: isTdes(key.algorithm as KeyAlgorithm) ? ('T' as const) : ('A' as const),
  modeOfUse: key.mode_of_use,
  keyVersion: key.version,
  exportability: key.exportability as 'E' | 'N' | 'S',
});

/** The key as a TR-31 key block under the KBPK (version B for a TDES KBPK, D for AES); refuses a non-exportable key. */
export async function exportKeyBlock(keystore: Keystore, key: StoredKey & Tr31Attributes & { name: string }, kbpk: UsableKey): Promise<string> {
  assertKeyUse(kbpk, 'wrap');
  assertNotWrappedUnderItself(key, kbpk);
  assertStrongEnough(key, kbpk);
  return keystore.withClear(handleOf(key), (clear) => wrapRefusingPlainly(kbpkOps(keystore, handleOf(kbpk)), headerOf(key), clear));
}

/** A key block the TR-31 rules refuse is the operator's to fix, said in the rule's words. */
async function wrapRefusingPlainly(kbpk: KbpkOps, header: Tr31HeaderFields, key: Buffer): Promise<string> {
  try {
    return await wrapTr31(kbpk, header, key);
  } catch (error) {
    if (error instanceof KeystoreUnavailableError || error instanceof KeystoreUnsupportedError) throw error;
    throw new KeyBlockRefusal(error instanceof Error ? error.message : String(error));
  }
}

/** The key a TR-31 block carries, stored in the keystore under newKey's identity: its attributes from the header. */
export async function importKeyBlock(keystore: Keystore, kbpk: UsableKey, block: string, newKeyId: string) {
  assertKeyUse(kbpk, 'unwrap');
  const { header, key } = await unwrapTr31(kbpkOps(keystore, handleOf(kbpk)), block);
  try {
    const algorithm = algorithmOf(header.algorithm, key.length);
    if (!algorithm) throw new KeyBlockRefusal(`a ${header.algorithm} key of ${key.length} bytes is not supported`);
    if (!(KEY_USAGE_CODES as string[]).includes(header.usage)) throw new KeyBlockRefusal(`key usage ${header.usage} is not supported`);
    if (!importableMode(MODES_FOR_USAGE[header.usage as KeyUsage], header.modeOfUse)) {
      throw new KeyBlockRefusal(`mode of use ${header.modeOfUse} does not apply to usage ${header.usage}`);
    }
    const handle = { id: newKeyId, algorithm, exportable: header.exportability !== 'N' };
    const ref = await keystore.importClear(handle, key);
    return { header, algorithm, ref, kcv: await kcvOf(keystore, { ...handle, ref }) };
  } finally {
    key.fill(0);
  }
}

/** A refusal of a key block's content, said to the operator in the words after 'cannot be imported:'. */
export class KeyBlockRefusal extends Error {}

function algorithmOf(tr31Algorithm: string, bytes: number): KeyAlgorithm | null {
  if (tr31Algorithm === 'T') return bytes === 16 ? 'TDES_2KEY' : bytes === 24 ? 'TDES_3KEY' : null;
  if (tr31Algorithm === 'A') return bytes === 16 ? 'AES_128' : bytes === 24 ? 'AES_192' : bytes === 32 ? 'AES_256' : null;
  return null;
}

/** The BDKs each DUKPT derives from: TDES DUKPT (X9.24-1) a double-length TDES key, AES DUKPT (X9.24-3) any AES key. */
export const dukptBdkFits = (retrieval: Exclude<KeyRetrievalAlgorithm, 'static'>, algorithm: KeyAlgorithm): boolean =>
  retrieval === 'dukpt_tdes' ? algorithm === 'TDES_2KEY' : !isTdes(algorithm);
/** That BDK's algorithm as the screens name it. */
export const dukptBdkName = (retrieval: Exclude<KeyRetrievalAlgorithm, 'static'>): string => (retrieval === 'dukpt_tdes' ? KEY_ALGORITHM_SHORT.TDES_2KEY : 'AES');

/**
 * Why a group's DUKPT cannot derive from this BDK on this keystore, or null: a BDK of another algorithm than the
 * DUKPT takes; or, for TDES DUKPT, which XORs a variant onto the BDK, a key that is not exportable on a keystore that
 * cannot do that inside itself (SoftHSM2 lacks CKM_XOR_BASE_AND_DATA). Asked when the setup is made and again at each
 * load, so a load is refused in words rather than failing.
 */
export function dukptDerivationRefusal(keystore: Keystore, bdk: StoredKey & { name: string; usage: string }, retrieval: KeyRetrievalAlgorithm): string | null {
  if (retrieval === 'static' || bdk.usage !== 'B0') return null;
  const algorithm = bdk.algorithm as KeyAlgorithm;
  if (!dukptBdkFits(retrieval, algorithm)) return Messages.dukptBdkWrongAlgorithm(bdk.name, KEY_ALGORITHM_SHORT[algorithm], dukptBdkName(retrieval));
  if (retrieval !== 'dukpt_tdes') return null;
  return keystore.canApplyVariant(handleOf(bdk)) ? null : Messages.dukptBdkNotDerivable(bdk.name);
}

/** A BDK's key set identifier: 5 random bytes (TDES KSN prefix) or 4 (AES initial key ID prefix), hex. */
export const newKeySetId = (algorithm: KeyAlgorithm): string => randomBytes(isTdes(algorithm) ? 5 : 4).toString('hex').toUpperCase();

/**
 * The device's initial DUKPT identity from the BDK's key set and the device's number in the service: TDES, a
 * 10-byte KSN (40-bit key set id, 19-bit device id, 21-bit counter at zero); AES, an 8-byte initial key ID
 * (32-bit BDK id, 32-bit derivation id).
 */
export function deviceKsn(bdk: { algorithm: string; key_set_id: string | null }, deviceNumber: number): Buffer {
  const keySet = Buffer.from(bdk.key_set_id ?? '', 'hex');
  if (isTdes(bdk.algorithm as KeyAlgorithm)) {
    const tail = Buffer.alloc(5);
    // 19 bits of device id followed by 21 bits of transaction counter (zero: the initial key).
    const value = BigInt(deviceNumber % 2 ** 19) << 21n;
    tail.writeUIntBE(Number(value >> 8n), 0, 4);
    tail.writeUInt8(Number(value & 0xffn), 4);
    return Buffer.concat([keySet, tail]);
  }
  const derivation = Buffer.alloc(4);
  derivation.writeUInt32BE(deviceNumber >>> 0);
  return Buffer.concat([keySet, derivation]);
}

/**
 * The device's initial key derived from the BDK (TDES IPEK per X9.24-1:2009, AES initial key per X9.24-3-2017,
 * of the BDK's own algorithm), as a TR-31 block (usage B1) under the KBPK, with its KCV. The block carries the
 * identity the device derives its keys with, bound by the MAC (X9.143 optional blocks): KS, the initial key
 * serial number (10 bytes, 20 hex digits) for TDES; IK, the initial key ID (8 bytes, 16 hex digits) for AES.
 */
export async function exportInitialKey(keystore: Keystore, bdk: UsableKey, ksn: Buffer, kbpk: UsableKey) {
  assertKeyUse(bdk, 'derive');
  assertKeyUse(kbpk, 'wrap');
  const bdkHandle = handleOf(bdk);
  const algorithm: KeyAlgorithm = isTdes(bdkHandle.algorithm) ? 'TDES_2KEY' : bdkHandle.algorithm;
  assertStrongEnough({ name: bdk.name, algorithm }, kbpk, bdk.name);
  const encryptEcb = (data: Buffer, variant?: Buffer) => keystore.encryptEcb(bdkHandle, data, variant);
  const initialKey = isTdes(bdkHandle.algorithm)
    ? await tdesInitialKey({ encryptEcb }, ksn)
    : await aesInitialKey({ algorithm: bdkHandle.algorithm, encryptEcb }, ksn, bdkHandle.algorithm);
  try {
    const identity = { id: isTdes(algorithm) ? 'KS' : 'IK', data: ksn.toString('hex').toUpperCase() };
    const header = { ...headerOf({ usage: 'B1', mode_of_use: 'X', version: '00', exportability: 'N', algorithm }), optionalBlocks: [identity] };
    const keyBlock = await wrapRefusingPlainly(kbpkOps(keystore, handleOf(kbpk)), header, initialKey);
    const kcv = await kcvOfClearKey(algorithm, initialKey);
    return { keyBlock, kcv, length: KEY_BYTES[algorithm] };
  } finally {
    initialKey.fill(0);
  }
}

