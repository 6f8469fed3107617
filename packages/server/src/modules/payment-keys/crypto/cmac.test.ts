import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KEY_ALGORITHMS, KEY_BYTES, isTdes } from '../../../platform/keystore.ts';
import { cmac, ecbEncrypt } from './cmac.ts';
import { opensslCmac, opensslEcbEncrypt } from './openssl.test-helper.ts';

const h = (hex: string): Buffer => Buffer.from(hex, 'hex');

const M64 = '6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710';

/**
 * NIST SP 800-38B Appendix D examples, with the corrected TDES values of NIST's "Updated CMAC Examples"
 * (examples 14, 15, 18, 19), as listed in PyCryptodome's lib/Crypto/SelfTest/Hash/test_CMAC.py.
 */
const NIST_EXAMPLES = [
  // D.1 AES-128
  { example: 1, algorithm: 'AES_128', key: '2b7e151628aed2a6abf7158809cf4f3c', message: '', tag: 'bb1d6929e95937287fa37d129b756746' },
  { example: 2, algorithm: 'AES_128', key: '2b7e151628aed2a6abf7158809cf4f3c', message: M64.slice(0, 32), tag: '070a16b46b4d4144f79bdd9dd04a287c' },
  { example: 3, algorithm: 'AES_128', key: '2b7e151628aed2a6abf7158809cf4f3c', message: M64.slice(0, 80), tag: 'dfa66747de9ae63030ca32611497c827' },
  { example: 4, algorithm: 'AES_128', key: '2b7e151628aed2a6abf7158809cf4f3c', message: M64, tag: '51f0bebf7e3b9d92fc49741779363cfe' },
  // D.2 AES-192
  { example: 5, algorithm: 'AES_192', key: '8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b', message: '', tag: 'd17ddf46adaacde531cac483de7a9367' },
  { example: 6, algorithm: 'AES_192', key: '8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b', message: M64.slice(0, 32), tag: '9e99a7bf31e710900662f65e617c5184' },
  { example: 7, algorithm: 'AES_192', key: '8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b', message: M64.slice(0, 80), tag: '8a1de5be2eb31aad089a82e6ee908b0e' },
  { example: 8, algorithm: 'AES_192', key: '8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b', message: M64, tag: 'a1d5df0eed790f794d77589659f39a11' },
  // D.3 AES-256
  { example: 9, algorithm: 'AES_256', key: '603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4', message: '', tag: '028962f61b7bf89efc6b551f4667d983' },
  { example: 10, algorithm: 'AES_256', key: '603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4', message: M64.slice(0, 32), tag: '28a7023f452e8f82bd4bf28d8c37c35c' },
  { example: 11, algorithm: 'AES_256', key: '603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4', message: M64.slice(0, 80), tag: 'aaf3d8f1de5640c232f5b169b9c911e6' },
  { example: 12, algorithm: 'AES_256', key: '603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4', message: M64, tag: 'e1992190549f6ed5696a2c056c315410' },
  // D.4 three-key TDES
  { example: 13, algorithm: 'TDES_3KEY', key: '8aa83bf8cbda10620bc1bf19fbb6cd58bc313d4a371ca8b5', message: '', tag: 'b7a688e122ffaf95' },
  { example: 14, algorithm: 'TDES_3KEY', key: '8aa83bf8cbda10620bc1bf19fbb6cd58bc313d4a371ca8b5', message: M64.slice(0, 16), tag: '8e8f293136283797' },
  { example: 15, algorithm: 'TDES_3KEY', key: '8aa83bf8cbda10620bc1bf19fbb6cd58bc313d4a371ca8b5', message: M64.slice(0, 40), tag: '743ddbe0ce2dc2ed' },
  { example: 16, algorithm: 'TDES_3KEY', key: '8aa83bf8cbda10620bc1bf19fbb6cd58bc313d4a371ca8b5', message: M64.slice(0, 64), tag: '33e6b1092400eae5' },
  // D.7 two-key TDES
  { example: 17, algorithm: 'TDES_2KEY', key: '4cf15134a2850dd58a3d10ba80570d38', message: '', tag: 'bd2ebf9a3ba00361' },
  { example: 18, algorithm: 'TDES_2KEY', key: '4cf15134a2850dd58a3d10ba80570d38', message: M64.slice(0, 16), tag: '4ff2ab813c53ce83' },
  { example: 19, algorithm: 'TDES_2KEY', key: '4cf15134a2850dd58a3d10ba80570d38', message: M64.slice(0, 40), tag: '62dd1b471902bd4e' },
  { example: 20, algorithm: 'TDES_2KEY', key: '4cf15134a2850dd58a3d10ba80570d38', message: M64.slice(0, 64), tag: '31b1e431dabc4eb8' },
] as const;

describe('cmac', () => {
  it.each(NIST_EXAMPLES)('matches NIST SP 800-38B example $example ($algorithm)', ({ algorithm, key, message, tag }) => {
    expect(cmac(algorithm, h(key), h(message)).toString('hex')).toBe(tag);
  });

  describe.each(KEY_ALGORITHMS)('%s, random keys, against openssl mac CMAC', (algorithm) => {
    const block = isTdes(algorithm) ? 8 : 16;
    // Empty, short, one byte short of a block, a block, one over, several blocks, and an odd length.
    const lengths = [0, 1, block - 1, block, block + 1, 3 * block, 100];
    it.each(lengths)('over %i bytes', (length) => {
      const key = randomBytes(KEY_BYTES[algorithm]);
      const data = randomBytes(length);
      const tag = cmac(algorithm, key, data);
      expect(tag).toHaveLength(block);
      expect(tag.toString('hex')).toBe(opensslCmac(algorithm, key, data).toString('hex'));
    });
  });

  it('refuses a key of the wrong length', () => {
    expect(() => cmac('AES_256', randomBytes(16), Buffer.alloc(16))).toThrow('AES_256 keys are 32 bytes, not 16');
  });
});

describe('ecbEncrypt', () => {
  it.each(KEY_ALGORITHMS)('%s matches openssl enc (a double-length TDES key as K1K2K1)', (algorithm) => {
    const key = randomBytes(KEY_BYTES[algorithm]);
    const data = randomBytes(isTdes(algorithm) ? 24 : 48);
    expect(ecbEncrypt(algorithm, key, data).toString('hex')).toBe(opensslEcbEncrypt(algorithm, key, data).toString('hex'));
  });

  it('encrypts whole blocks only', () => {
    expect(() => ecbEncrypt('TDES_2KEY', randomBytes(16), Buffer.alloc(12))).toThrow('TDES_2KEY data must be whole 8-byte blocks');
    expect(() => ecbEncrypt('AES_128', randomBytes(16), Buffer.alloc(0))).toThrow('AES_128 data must be whole 16-byte blocks');
  });
});
