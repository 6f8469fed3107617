import { randomBytes, timingSafeEqual } from 'node:crypto';
import { KEY_ALGORITHM_SHORT, isStrongerThan } from '@keydeck/contract/payment-keys';
import { KEY_BYTES, isTdes, type KeyAlgorithm } from '../../../platform/keystore.ts';
import { cbcDecrypt, cbcEncrypt } from './block-cipher.ts';
import { cmac } from './cmac.ts';
import { formatTr31Header, readTr31Header, tr31BlockBytes, type Tr31Header, type Tr31HeaderFields, type Tr31Version } from './tr31-header.ts';

export { parseTr31Header, TR31_MODES_OF_USE } from './tr31-header.ts';
export type { Tr31Header, Tr31HeaderFields, Tr31OptionalBlock } from './tr31-header.ts';

/**
 * TR-31 / ANSI X9.143 key blocks with the key derivation binding method: version B under a TDES key block
 * protection key (KBPK), version D under an AES one. The KBPK is only ever asked for CMACs, so it can stay in a
 * hardware keystore; the derived encryption and authentication keys (KBEK, KBAK) live here for one block and
 * are zeroed after it.
 */

/** The KBEK and KBAK derived from a KBPK; whoever receives them zeroes them after use. */
export type Tr31Keys = { kbek: Buffer; kbak: Buffer };

/**
 * The KBPK as a keystore exposes it: its algorithm and CMAC under it; and, where they are kept for a while
 * (kbpk-derivations.ts), a copy of its derived keys instead of deriving them again.
 */
export type KbpkOps = { algorithm: KeyAlgorithm; cmac(data: Buffer): Promise<Buffer>; derivedKeys?: () => Promise<Tr31Keys> };

export type Tr31WrapOptions = {
  /**
   * Pad the key only to the cipher block, which reveals its length. X9.143 pads to the algorithm's longest key
   * (24 bytes TDES, 32 AES) so the block does not tell a double- from a triple-length key; that is the default.
   */
  revealKeyLength?: boolean;
  /** Fixed padding instead of random bytes: only to reproduce published examples. */
  padding?: Buffer;
};

/** X9.143 key derivation data: algorithm indicator and key length in bits of the KBPK (and so of KBEK, KBAK). */
const DERIVATION: Record<KeyAlgorithm, { indicator: number; bits: number }> = {
  TDES_2KEY: { indicator: 0x0000, bits: 128 },
  TDES_3KEY: { indicator: 0x0001, bits: 192 },
  AES_128: { indicator: 0x0002, bits: 128 },
  AES_192: { indicator: 0x0003, bits: 192 },
  AES_256: { indicator: 0x0004, bits: 256 },
};
const USAGE_ENCRYPTION = 0x0000;
const USAGE_MAC = 0x0001;

const versionFor = (kbpk: KeyAlgorithm): Tr31Version => (isTdes(kbpk) ? 'B' : 'D');

const KEY_LENGTHS: Record<Tr31Header['algorithm'], number[]> = { T: [16, 24], A: [16, 24, 32] };
const LONGEST_KEY: Record<Tr31Header['algorithm'], number> = { T: 24, A: 32 };

/** The keystore algorithm of a key a block carries. */
export function keyAlgorithmFromTr31(algorithm: Tr31Header['algorithm'], keyBytes: number): KeyAlgorithm {
  if (!KEY_LENGTHS[algorithm].includes(keyBytes)) {
    throw new Error(`${algorithm === 'T' ? 'A TDES' : 'An AES'} key is ${KEY_LENGTHS[algorithm].join(', ')} bytes, not ${keyBytes}`);
  }
  if (algorithm === 'T') return keyBytes === 16 ? 'TDES_2KEY' : 'TDES_3KEY';
  return keyBytes === 16 ? 'AES_128' : keyBytes === 24 ? 'AES_192' : 'AES_256';
}

export const tr31AlgorithmOf = (algorithm: KeyAlgorithm): Tr31Header['algorithm'] => (isTdes(algorithm) ? 'T' : 'A');

/**
 * KBEK and KBAK: CMAC under the KBPK of 8 bytes of derivation data (counter, usage, separator, algorithm,
 * length), one call per CMAC-output of key material, truncated to the KBPK's length.
 */
export async function deriveTr31Keys(kbpk: KbpkOps): Promise<Tr31Keys> {
  const { indicator, bits } = DERIVATION[kbpk.algorithm];
  const size = KEY_BYTES[kbpk.algorithm];
  const calls = Math.ceil(size / tr31BlockBytes(versionFor(kbpk.algorithm)));
  const derive = async (usage: number): Promise<Buffer> => {
    const parts: Buffer[] = [];
    try {
      for (let counter = 1; counter <= calls; counter++) {
        const data = Buffer.from([counter, usage >> 8, usage & 0xff, 0x00, indicator >> 8, indicator & 0xff, bits >> 8, bits & 0xff]);
        parts.push(await kbpk.cmac(data));
      }
      const material = Buffer.concat(parts);
      const key = Buffer.from(material.subarray(0, size));
      material.fill(0);
      return key;
    } finally {
      for (const part of parts) part.fill(0);
    }
  };
  const kbek = await derive(USAGE_ENCRYPTION);
  try {
    return { kbek, kbak: await derive(USAGE_MAC) };
  } catch (error) {
    kbek.fill(0);
    throw error;
  }
}

/** Wraps a key under the KBPK: version B for a TDES KBPK, D for an AES one. */
export async function wrapTr31(kbpk: KbpkOps, fields: Tr31HeaderFields, key: Buffer, options: Tr31WrapOptions = {}): Promise<string> {
  const header: Tr31Header = {
    ...fields,
    version: versionFor(kbpk.algorithm),
    keyContext: fields.keyContext ?? '0',
    optionalBlocks: fields.optionalBlocks ?? [],
  };
  const keyAlgorithm = keyAlgorithmFromTr31(header.algorithm, key.length);
  if (isStrongerThan(keyAlgorithm, kbpk.algorithm)) {
    throw new Error(`The ${KEY_ALGORITHM_SHORT[kbpk.algorithm]} key block protection key is weaker than the ${KEY_ALGORITHM_SHORT[keyAlgorithm]} key it would protect`);
  }
  const cipherBlock = tr31BlockBytes(header.version);
  const shownLength = options.revealKeyLength ? key.length : LONGEST_KEY[header.algorithm];
  const payloadBytes = Math.ceil((2 + shownLength) / cipherBlock) * cipherBlock;
  const padBytes = payloadBytes - 2 - key.length;
  if (options.padding && options.padding.length !== padBytes) throw new Error(`The padding must be ${padBytes} bytes`);
  const headerText = formatTr31Header(header, 2 * (payloadBytes + cipherBlock));
  const { kbek, kbak } = await (kbpk.derivedKeys?.() ?? deriveTr31Keys(kbpk));
  const secrets: Buffer[] = [kbek, kbak];
  try {
    // The clear payload: key length in bits, the key, then padding that hides the key's length.
    const payload = Buffer.alloc(payloadBytes);
    secrets.push(payload);
    payload.writeUInt16BE(key.length * 8);
    key.copy(payload, 2);
    (options.padding ?? randomBytes(padBytes)).copy(payload, 2 + key.length);
    const macInput = Buffer.concat([Buffer.from(headerText, 'ascii'), payload]);
    secrets.push(macInput);
    const mac = cmac(kbpk.algorithm, kbak, macInput);
    // The MAC over header and clear payload is the IV: it binds the ciphertext to the header.
    const encrypted = cbcEncrypt(kbpk.algorithm, kbek, mac, payload);
    return headerText + encrypted.toString('hex').toUpperCase() + mac.toString('hex').toUpperCase();
  } finally {
    for (const secret of secrets) secret.fill(0);
  }
}

/** Unwraps a version B or D key block: the MAC is checked (in constant time) before anything of the key is used. */
export async function unwrapTr31(kbpk: KbpkOps, block: string): Promise<{ header: Tr31Header; key: Buffer }> {
  const text = block.trim();
  const { header, headerText } = readTr31Header(text);
  if (header.version !== versionFor(kbpk.algorithm)) {
    throw new Error(`A version ${header.version} key block needs ${header.version === 'B' ? 'a TDES' : 'an AES'} key block protection key, not ${KEY_ALGORITHM_SHORT[kbpk.algorithm]}`);
  }
  const cipherBlock = tr31BlockBytes(header.version);
  const body = text.slice(headerText.length);
  if (!/^[0-9A-Fa-f]*$/.test(body)) throw new Error('Malformed key block: the encrypted key and MAC must be hexadecimal');
  const encryptedChars = body.length - 2 * cipherBlock;
  if (encryptedChars <= 0 || encryptedChars % (2 * cipherBlock) !== 0) {
    throw new Error(`Malformed key block: the encrypted key must be whole ${cipherBlock}-byte blocks, then the ${cipherBlock}-byte MAC`);
  }
  const encrypted = Buffer.from(body.slice(0, encryptedChars), 'hex');
  const receivedMac = Buffer.from(body.slice(encryptedChars), 'hex');
  const { kbek, kbak } = await (kbpk.derivedKeys?.() ?? deriveTr31Keys(kbpk));
  const secrets: Buffer[] = [kbek, kbak];
  try {
    const payload = cbcDecrypt(kbpk.algorithm, kbek, receivedMac, encrypted);
    secrets.push(payload);
    const macInput = Buffer.concat([Buffer.from(headerText, 'ascii'), payload]);
    secrets.push(macInput);
    const expectedMac = cmac(kbpk.algorithm, kbak, macInput);
    if (!timingSafeEqual(expectedMac, receivedMac)) throw new Error('Key block MAC does not verify');
    const bits = payload.readUInt16BE(0);
    if (bits % 8 !== 0 || bits / 8 > payload.length - 2) throw new Error(`Malformed key block: a key of ${bits} bits does not fit its payload`);
    const key = Buffer.from(payload.subarray(2, 2 + bits / 8));
    try {
      keyAlgorithmFromTr31(header.algorithm, key.length);
    } catch (error) {
      key.fill(0);
      throw error;
    }
    return { header, key };
  } finally {
    for (const secret of secrets) secret.fill(0);
  }
}
