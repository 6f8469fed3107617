import { KEY_ALGORITHM_SHORT, isStrongerThan } from '@keydeck/contract/payment-keys';
import { KEY_BYTES, isTdes, type KeyAlgorithm } from '../../../platform/keystore.ts';

/**
 * DUKPT initial keys, the per-device keys a BDK (base derivation key) yields and a terminal is loaded with. Both
 * derivations run as block encryptions under the BDK, so a keystore can do them without revealing it; only the
 * initial key (which is exported to the device anyway) comes back.
 */

/**
 * TDES DUKPT (ANSI X9.24-1:2009): the BDK encrypts, optionally with a variant XORed onto the key first. Its
 * algorithm, when given, is checked to be double-length TDES.
 */
export type TdesBdkOps = { algorithm?: KeyAlgorithm; encryptEcb(data: Buffer, variant?: Buffer): Promise<Buffer> };

/** AES DUKPT (ANSI X9.24-3-2017): the BDK encrypts whole AES blocks. */
export type AesBdkOps = { algorithm: KeyAlgorithm; encryptEcb(data: Buffer): Promise<Buffer> };

export const TDES_KSN_BYTES = 10;
export const AES_INITIAL_KEY_ID_BYTES = 8;

/** X9.24-1:2009 A.6: the right half of the IPEK is made under the BDK XOR this. */
export const IPEK_VARIANT = Buffer.from('C0C0C0C000000000C0C0C0C000000000', 'hex');

/**
 * The TDES initial PIN encryption key (IPEK) for a 10-byte KSN: its 21-bit transaction counter cleared, the
 * leftmost 8 bytes are encrypted under the BDK (left half) and under the BDK XOR C0C0C0C000000000C0C0C0C000000000
 * (right half).
 */
export async function tdesInitialKey(bdk: TdesBdkOps, ksn: Buffer): Promise<Buffer> {
  if (bdk.algorithm !== undefined && bdk.algorithm !== 'TDES_2KEY') throw new Error(`A TDES DUKPT BDK is a TDES 112-bit (double-length) key, not ${KEY_ALGORITHM_SHORT[bdk.algorithm]}`);
  if (ksn.length !== TDES_KSN_BYTES) throw new Error(`A TDES DUKPT KSN is ${TDES_KSN_BYTES} bytes, not ${ksn.length}`);
  const initialKsn = Buffer.from(ksn.subarray(0, 8));
  // The counter is the low 21 bits of the KSN: 5 bits of byte 7, bytes 8 and 9 (not taken).
  initialKsn[7]! &= 0xe0;
  const left = await bdk.encryptEcb(initialKsn);
  const right = await bdk.encryptEcb(initialKsn, IPEK_VARIANT);
  const ipek = Buffer.concat([left, right]);
  left.fill(0);
  right.fill(0);
  return ipek;
}

/** X9.24-3-2017 6.3.2 table 2: key usage "initial key" and the algorithm indicator of the derived key. */
const KEY_USAGE_INITIAL_KEY = 0x8001;
const ALGORITHM_INDICATOR: Record<KeyAlgorithm, number> = {
  TDES_2KEY: 0x0000,
  TDES_3KEY: 0x0001,
  AES_128: 0x0002,
  AES_192: 0x0003,
  AES_256: 0x0004,
};

/**
 * The AES DUKPT initial key for an 8-byte initial key ID (BDK ID and derivation ID): AES-ECB under the BDK of the
 * 16-byte derivation data (version 01, key block counter, key usage 8001, algorithm indicator, length in bits,
 * initial key ID), one block per 16 bytes of key with the counter counting from 1, truncated to the key's length.
 */
export async function aesInitialKey(bdk: AesBdkOps, initialKeyId: Buffer, derivedAlgorithm: KeyAlgorithm): Promise<Buffer> {
  if (isTdes(bdk.algorithm)) throw new Error(`An AES DUKPT BDK is an AES key, not ${KEY_ALGORITHM_SHORT[bdk.algorithm]}`);
  if (initialKeyId.length !== AES_INITIAL_KEY_ID_BYTES) {
    throw new Error(`An AES DUKPT initial key ID is ${AES_INITIAL_KEY_ID_BYTES} bytes, not ${initialKeyId.length}`);
  }
  // X9.24-3-2017 6.1.3: a derived key is never stronger than the key it comes from.
  if (isStrongerThan(derivedAlgorithm, bdk.algorithm)) {
    throw new Error(`The ${KEY_ALGORITHM_SHORT[bdk.algorithm]} BDK cannot derive a stronger ${KEY_ALGORITHM_SHORT[derivedAlgorithm]} initial key`);
  }
  const keyBytes = KEY_BYTES[derivedAlgorithm];
  const blocks: Buffer[] = [];
  try {
    for (let counter = 1; counter <= Math.ceil(keyBytes / 16); counter++) {
      const derivationData = Buffer.alloc(16);
      derivationData[0] = 0x01;
      derivationData[1] = counter;
      derivationData.writeUInt16BE(KEY_USAGE_INITIAL_KEY, 2);
      derivationData.writeUInt16BE(ALGORITHM_INDICATOR[derivedAlgorithm], 4);
      derivationData.writeUInt16BE(keyBytes * 8, 6);
      initialKeyId.copy(derivationData, 8);
      blocks.push(await bdk.encryptEcb(derivationData));
    }
    const material = Buffer.concat(blocks);
    const initialKey = Buffer.from(material.subarray(0, keyBytes));
    material.fill(0);
    return initialKey;
  } finally {
    for (const block of blocks) block.fill(0);
  }
}
