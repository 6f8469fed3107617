import type { KcvMethod } from '@keydeck/contract/payment-keys';
import { isTdes, type KeyAlgorithm } from '../../../platform/keystore.ts';
import { cmac, ecbEncrypt } from './cmac.ts';

/**
 * Key check values: the first 3 bytes of a known encryption, so two parties can confirm they hold the same key
 * without revealing it.
 * - tdes: TDES-ECB of 8 zero bytes (the classic KCV).
 * - aes-cmac: AES-CMAC of 16 zero bytes (ANSI X9.24-1:2017), what current HSMs show for AES keys.
 * - aes-ecb: AES-ECB of a zero block, the legacy method some older systems still print.
 */
export type { KcvMethod } from '@keydeck/contract/payment-keys';

const KCV_BYTES = 3;

/** The block operations a KCV needs, so a keystore that never reveals the key can compute one. */
export type KcvOps = {
  encryptEcb(data: Buffer): Promise<Buffer>;
  cmac(data: Buffer): Promise<Buffer>;
};

export const defaultKcvMethod = (algorithm: KeyAlgorithm): KcvMethod => (isTdes(algorithm) ? 'tdes' : 'aes-cmac');

/** tdes applies to TDES keys only, the aes-* methods to AES keys only. */
export const kcvMethodFits = (method: KcvMethod, algorithm: KeyAlgorithm): boolean => (method === 'tdes') === isTdes(algorithm);

/** The KCV as 6 upper-case hex characters. */
export async function kcvFrom(method: KcvMethod, ops: KcvOps): Promise<string> {
  const output =
    method === 'tdes' ? await ops.encryptEcb(Buffer.alloc(8))
    : method === 'aes-cmac' ? await ops.cmac(Buffer.alloc(16))
    : await ops.encryptEcb(Buffer.alloc(16));
  return output.subarray(0, KCV_BYTES).toString('hex').toUpperCase();
}

/** The KCV of a key held in the clear (a combined component, a key being imported). */
export function kcvOfClearKey(algorithm: KeyAlgorithm, key: Buffer, method: KcvMethod = defaultKcvMethod(algorithm)): Promise<string> {
  if (!kcvMethodFits(method, algorithm)) throw new Error(`The ${method} check value does not apply to a ${algorithm} key`);
  return kcvFrom(method, {
    encryptEcb: async (data) => ecbEncrypt(algorithm, key, data),
    cmac: async (data) => cmac(algorithm, key, data),
  });
}
