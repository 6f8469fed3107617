import { createCipheriv, createDecipheriv, type Cipheriv, type Decipheriv } from 'node:crypto';
import { KEY_BYTES, isTdes, type KeyAlgorithm } from '../../../platform/keystore.ts';

/** Raw TDES / AES block operations over node:crypto: whole blocks only, never padding of their own. */

export const blockBytes = (algorithm: KeyAlgorithm): number => (isTdes(algorithm) ? 8 : 16);

/** des-ede takes a 16-byte key as K1K2K1 itself, so a double-length key is never copied into a 24-byte one. */
function cipherName(algorithm: KeyAlgorithm, mode: 'ecb' | 'cbc'): string {
  if (algorithm === 'TDES_2KEY') return `des-ede-${mode}`;
  if (algorithm === 'TDES_3KEY') return `des-ede3-${mode}`;
  return `aes-${KEY_BYTES[algorithm] * 8}-${mode}`;
}

function checkInput(algorithm: KeyAlgorithm, key: Buffer, data: Buffer): void {
  if (key.length !== KEY_BYTES[algorithm]) throw new Error(`${algorithm} keys are ${KEY_BYTES[algorithm]} bytes, not ${key.length}`);
  const block = blockBytes(algorithm);
  if (data.length === 0 || data.length % block !== 0) throw new Error(`${algorithm} data must be whole ${block}-byte blocks`);
}

function run(cipher: Cipheriv | Decipheriv, data: Buffer): Buffer {
  cipher.setAutoPadding(false);
  const head = cipher.update(data);
  const tail = cipher.final();
  if (tail.length === 0) return head;
  const out = Buffer.concat([head, tail]);
  head.fill(0);
  return out;
}

/** ECB over whole blocks: KCVs, DUKPT and CMAC subkeys are built from single-block encryptions. */
export function ecbEncrypt(algorithm: KeyAlgorithm, key: Buffer, data: Buffer): Buffer {
  checkInput(algorithm, key, data);
  return run(createCipheriv(cipherName(algorithm, 'ecb'), key, null), data);
}

export function cbcEncrypt(algorithm: KeyAlgorithm, key: Buffer, iv: Buffer, data: Buffer): Buffer {
  checkInput(algorithm, key, data);
  return run(createCipheriv(cipherName(algorithm, 'cbc'), key, iv), data);
}

export function cbcDecrypt(algorithm: KeyAlgorithm, key: Buffer, iv: Buffer, data: Buffer): Buffer {
  checkInput(algorithm, key, data);
  return run(createDecipheriv(cipherName(algorithm, 'cbc'), key, iv), data);
}

export function xor(a: Buffer, b: Buffer): Buffer {
  if (a.length !== b.length) throw new Error('XOR of buffers of different lengths');
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! ^ b[i]!;
  return out;
}
