import type { KeyAlgorithm } from '../../../platform/keystore.ts';
import { blockBytes, cbcEncrypt, ecbEncrypt } from './block-cipher.ts';

export { ecbEncrypt };

/** NIST SP 800-38B 5.3: Rb for a 64-bit block (TDES) and a 128-bit block (AES). */
const RB_64 = 0x1b;
const RB_128 = 0x87;

/** Doubling in GF(2^n): shift left one bit, XOR Rb into the last byte when the top bit falls out. */
function double(block: Buffer): Buffer {
  const out = Buffer.alloc(block.length);
  for (let i = 0; i < block.length; i++) out[i] = ((block[i]! << 1) | ((block[i + 1] ?? 0) >> 7)) & 0xff;
  if (block[0]! & 0x80) out[block.length - 1]! ^= block.length === 16 ? RB_128 : RB_64;
  return out;
}

/**
 * CMAC (NIST SP 800-38B) under a clear key, full block length: 8 bytes for TDES, 16 for AES. TR-31 key
 * derivation, key block MACs and the X9.24-1:2017 AES check value all use it untruncated.
 */
export function cmac(algorithm: KeyAlgorithm, key: Buffer, data: Buffer): Buffer {
  const size = blockBytes(algorithm);
  const l = ecbEncrypt(algorithm, key, Buffer.alloc(size));
  const k1 = double(l);
  const k2 = double(k1);
  const complete = data.length > 0 && data.length % size === 0;
  const message = Buffer.alloc(Math.max(1, Math.ceil(data.length / size)) * size);
  data.copy(message);
  // An incomplete (or empty) last block is padded 10* and takes K2; a complete one takes K1.
  if (!complete) message[data.length] = 0x80;
  const subkey = complete ? k1 : k2;
  const last = message.length - size;
  for (let i = 0; i < size; i++) message[last + i]! ^= subkey[i]!;
  // The CBC-MAC is the last block of CBC encryption under a zero IV.
  const chained = cbcEncrypt(algorithm, key, Buffer.alloc(size), message);
  const tag = Buffer.from(chained.subarray(last));
  for (const secret of [l, k1, k2, message, chained]) secret.fill(0);
  return tag;
}
