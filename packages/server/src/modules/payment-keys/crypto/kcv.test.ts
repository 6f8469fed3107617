import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KEY_ALGORITHMS, KEY_BYTES, type KeyAlgorithm } from '../../../platform/keystore.ts';
import { defaultKcvMethod, kcvFrom, kcvMethodFits, kcvOfClearKey, type KcvMethod } from './kcv.ts';
import { opensslCmac, opensslEcbEncrypt } from './openssl.test-helper.ts';

const h = (hex: string): Buffer => Buffer.from(hex, 'hex');
const TDES = KEY_ALGORITHMS.filter((algorithm) => algorithm.startsWith('TDES'));
const AES = KEY_ALGORITHMS.filter((algorithm) => algorithm.startsWith('AES'));

describe('published check values', () => {
  it('the classic double-length test key 0123456789ABCDEFFEDCBA9876543210 has KCV 08D7B4', async () => {
    expect(await kcvOfClearKey('TDES_2KEY', h('0123456789ABCDEFFEDCBA9876543210'))).toBe('08D7B4');
  });

  // Keys and KCVs of the TR-31:2018 A.7.2.2 / A.7.4 and Thales payShield 10k examples, as openemv/tr31
  // test/tr31_decrypt_test.c lists them: TDES keys by TDES-ECB, AES keys by AES-CMAC (X9.24-1:2017).
  it.each([
    { source: 'TR-31:2018 A.7.2.2', algorithm: 'TDES_2KEY', key: '3F419E1CB7079442AA37474C2EFBF8B8', kcv: '57C409' },
    { source: 'Thales payShield 10k (B0080K0TN)', algorithm: 'TDES_2KEY', key: '5DB50B454F8389ADCE573BE50861F2BF', kcv: '5C9405' },
    { source: 'Thales payShield 10k (D0112B0TN)', algorithm: 'TDES_2KEY', key: '1FA1F7CEC798D91545DA8AE0C7796BD9', kcv: 'FF5087' },
    { source: 'TR-31:2018 A.7.4', algorithm: 'AES_128', key: '3F419E1CB7079442AA37474C2EFBF8B8', kcv: '08793E' },
    {
      source: 'Thales payShield 10k (D0144D0AN)',
      algorithm: 'AES_256',
      key: 'BE19E6A07A760F10EF8E83A226B63AAD141F463FDDD4F47DB244B4023EC3CACC',
      kcv: '0A00E3',
    },
  ] as const)('$source: $algorithm key has KCV $kcv', async ({ algorithm, key, kcv }) => {
    expect(await kcvOfClearKey(algorithm, h(key))).toBe(kcv);
  });
});

describe('against openssl, random keys', () => {
  const first3 = (buffer: Buffer): string => buffer.subarray(0, 3).toString('hex').toUpperCase();

  it.each(TDES)('%s tdes: openssl enc -des-ede3 -nopad of 8 zero bytes', async (algorithm) => {
    const key = randomBytes(KEY_BYTES[algorithm]);
    expect(await kcvOfClearKey(algorithm, key, 'tdes')).toBe(first3(opensslEcbEncrypt(algorithm, key, Buffer.alloc(8))));
  });

  it.each(AES)('%s aes-cmac: openssl mac CMAC of 16 zero bytes', async (algorithm) => {
    const key = randomBytes(KEY_BYTES[algorithm]);
    expect(await kcvOfClearKey(algorithm, key, 'aes-cmac')).toBe(first3(opensslCmac(algorithm, key, Buffer.alloc(16))));
  });

  it.each(AES)('%s aes-ecb: openssl enc -aes-*-ecb -nopad of a zero block', async (algorithm) => {
    const key = randomBytes(KEY_BYTES[algorithm]);
    expect(await kcvOfClearKey(algorithm, key, 'aes-ecb')).toBe(first3(opensslEcbEncrypt(algorithm, key, Buffer.alloc(16))));
  });

  it('the two AES methods differ (a KCV says which method made it)', async () => {
    const key = randomBytes(16);
    expect(await kcvOfClearKey('AES_128', key, 'aes-cmac')).not.toBe(await kcvOfClearKey('AES_128', key, 'aes-ecb'));
  });
});

describe('kcvFrom over block operations', () => {
  /** Stands in for a keystore: records what it is asked, answers with a fixed output. */
  const recordingOps = () => {
    const calls: string[] = [];
    const output = h('A1B2C3D4E5F60718A1B2C3D4E5F60718');
    return {
      calls,
      ops: {
        encryptEcb: async (data: Buffer) => (calls.push(`ecb:${data.toString('hex')}`), output.subarray(0, data.length)),
        cmac: async (data: Buffer) => (calls.push(`cmac:${data.toString('hex')}`), output),
      },
    };
  };

  it.each([
    { method: 'tdes', call: `ecb:${'00'.repeat(8)}` },
    { method: 'aes-cmac', call: `cmac:${'00'.repeat(16)}` },
    { method: 'aes-ecb', call: `ecb:${'00'.repeat(16)}` },
  ] as const)('$method asks the keystore for one operation on zeros and keeps 3 bytes, upper-case hex', async ({ method, call }) => {
    const { calls, ops } = recordingOps();
    expect(await kcvFrom(method, ops)).toBe('A1B2C3');
    expect(calls).toEqual([call]);
  });
});

describe('methods', () => {
  it.each([
    ['TDES_2KEY', 'tdes'],
    ['TDES_3KEY', 'tdes'],
    ['AES_128', 'aes-cmac'],
    ['AES_192', 'aes-cmac'],
    ['AES_256', 'aes-cmac'],
  ] as [KeyAlgorithm, KcvMethod][])('defaults %s to %s', (algorithm, method) => {
    expect(defaultKcvMethod(algorithm)).toBe(method);
  });

  it('applies tdes to TDES keys and the AES methods to AES keys only', () => {
    expect(kcvMethodFits('tdes', 'TDES_3KEY')).toBe(true);
    expect(kcvMethodFits('tdes', 'AES_128')).toBe(false);
    expect(kcvMethodFits('aes-ecb', 'TDES_2KEY')).toBe(false);
    expect(kcvMethodFits('aes-cmac', 'AES_256')).toBe(true);
    expect(() => kcvOfClearKey('TDES_2KEY', randomBytes(16), 'aes-cmac')).toThrow('The aes-cmac check value does not apply to a TDES_2KEY key');
  });
});
