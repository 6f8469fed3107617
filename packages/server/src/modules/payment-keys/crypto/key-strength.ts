import type { KeyAlgorithm } from '../../../platform/keystore.ts';

/** Weakest to strongest (2TDEA 80 bits, 3TDEA 112, then AES), for X9.24's rule that no key is exposed to a weaker one. */
const WEAKEST_FIRST: readonly KeyAlgorithm[] = ['TDES_2KEY', 'TDES_3KEY', 'AES_128', 'AES_192', 'AES_256'];

export const isStrongerThan = (algorithm: KeyAlgorithm, than: KeyAlgorithm): boolean =>
  WEAKEST_FIRST.indexOf(algorithm) > WEAKEST_FIRST.indexOf(than);
