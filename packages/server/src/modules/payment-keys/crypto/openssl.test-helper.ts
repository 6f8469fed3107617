import { execFileSync } from 'node:child_process';
import type { KeyAlgorithm } from '../../../platform/keystore.ts';

/**
 * Debian's openssl as an implementation independent of node:crypto's bindings and of ours: data goes in on
 * stdin and comes back on stdout, nothing is written to disk.
 */
const OPENSSL = '/usr/bin/openssl';

const openssl = (args: string[], input: Buffer): Buffer => execFileSync(OPENSSL, args, { input, stdio: ['pipe', 'pipe', 'pipe'] });

/** openssl's names; a double-length TDES key is given to des-ede3 as K1K2K1, spelled out here. */
function tdes24(algorithm: KeyAlgorithm, key: Buffer): Buffer {
  return algorithm === 'TDES_2KEY' ? Buffer.concat([key, key.subarray(0, 8)]) : key;
}

function encCipher(algorithm: KeyAlgorithm, key: Buffer, mode: 'ecb' | 'cbc'): string {
  if (algorithm.startsWith('TDES')) return mode === 'ecb' ? 'des-ede3' : 'des-ede3-cbc';
  return `aes-${key.length * 8}-${mode}`;
}

export function opensslEcbEncrypt(algorithm: KeyAlgorithm, key: Buffer, data: Buffer): Buffer {
  const hexKey = tdes24(algorithm, key).toString('hex');
  return openssl(['enc', `-${encCipher(algorithm, key, 'ecb')}`, '-K', hexKey, '-nopad'], data);
}

export function opensslCbcDecrypt(algorithm: KeyAlgorithm, key: Buffer, iv: Buffer, data: Buffer): Buffer {
  const hexKey = tdes24(algorithm, key).toString('hex');
  return openssl(['enc', '-d', `-${encCipher(algorithm, key, 'cbc')}`, '-K', hexKey, '-iv', iv.toString('hex'), '-nopad'], data);
}

/** `openssl mac ... CMAC`, full length. */
export function opensslCmac(algorithm: KeyAlgorithm, key: Buffer, data: Buffer): Buffer {
  const cipher = algorithm.startsWith('TDES') ? 'DES-EDE3-CBC' : `AES-${key.length * 8}-CBC`;
  const hexKey = tdes24(algorithm, key).toString('hex');
  return openssl(['mac', '-cipher', cipher, '-macopt', `hexkey:${hexKey}`, '-binary', 'CMAC'], data);
}
