import { KEY_BYTES, isTdes, type KeyAlgorithm } from '../../../platform/keystore.ts';

/**
 * Split knowledge (dual control): a key is entered as 2 or 3 components held by different custodians and
 * combined by XOR, so no one custodian ever knows the key.
 */
export function combineComponents(components: Buffer[]): Buffer {
  if (components.length < 2 || components.length > 3) {
    throw new Error(`A key is combined from 2 or 3 components, not ${components.length}`);
  }
  const length = components[0]!.length;
  if (length === 0) throw new Error('A key component cannot be empty');
  if (components.some((component) => component.length !== length)) {
    throw new Error(`Key components must all have the same length (${components.map((component) => component.length).join(', ')} bytes)`);
  }
  const key = Buffer.alloc(length);
  for (const component of components) for (let i = 0; i < length; i++) key[i]! ^= component[i]!;
  // Identical components (or a third equal to the XOR of the others) cancel out: that key protects nothing.
  if (key.every((byte) => byte === 0)) {
    key.fill(0);
    throw new Error('The components combine to an all-zero key');
  }
  return key;
}

export type ParsedKeyHex = {
  key: Buffer;
  /**
   * For TDES keys: whether every byte has odd parity, as HSM-generated DES keys do. Reported, never refused:
   * DES ignores the parity bits, and two odd-parity components XOR to an even-parity key.
   * Null for AES, which has no parity bits.
   */
  oddParity: boolean | null;
};

/** A key or component typed as hex, spaces (and other white space) ignored, case ignored. */
export function parseKeyHex(hex: string, algorithm: KeyAlgorithm): ParsedKeyHex {
  const digits = hex.replace(/\s+/g, '');
  const stray = /[^0-9a-fA-F]/.exec(digits);
  if (stray) throw new Error(`A key is hexadecimal (0-9, A-F): '${stray[0]}' is not a hex digit`);
  const expected = KEY_BYTES[algorithm] * 2;
  if (digits.length !== expected) {
    throw new Error(`${algorithm} keys are ${expected} hex digits (${KEY_BYTES[algorithm]} bytes), not ${digits.length}`);
  }
  const key = Buffer.from(digits, 'hex');
  return { key, oddParity: isTdes(algorithm) ? hasOddParity(key) : null };
}

/** Every byte has an odd number of 1 bits (the DES parity convention). */
export function hasOddParity(key: Buffer): boolean {
  return key.every((byte) => {
    let ones = 0;
    for (let bits = byte; bits !== 0; bits >>= 1) ones += bits & 1;
    return ones % 2 === 1;
  });
}
