import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { KEY_BYTES, type KeyAlgorithm } from '../../../platform/keystore.ts';
import { ecbEncrypt, xor } from './block-cipher.ts';
import { IPEK_VARIANT, aesInitialKey, tdesInitialKey, type AesBdkOps, type TdesBdkOps } from './dukpt.ts';
import { opensslEcbEncrypt } from './openssl.test-helper.ts';

const h = (hex: string): Buffer => Buffer.from(hex, 'hex');
const hex = (buffer: Buffer): string => buffer.toString('hex').toUpperCase();

/** The npm package dukpt (dpjayasekara/node-dukpt), its own DES in JavaScript: an independent TDES DUKPT. */
const NodeDukpt = createRequire(import.meta.url)('dukpt') as { _createIPEK(bdkHex: string, ksnHex: string): string };

/** A BDK held in the clear, run as the software keystore runs it (the variant XORed onto the key). */
const tdesBdk = (key: Buffer): TdesBdkOps => ({
  algorithm: 'TDES_2KEY',
  encryptEcb: async (data, variant) => ecbEncrypt('TDES_2KEY', variant ? xor(key, variant) : key, data),
});
const aesBdk = (algorithm: KeyAlgorithm, key: Buffer): AesBdkOps => ({ algorithm, encryptEcb: async (data) => ecbEncrypt(algorithm, key, data) });

describe('TDES DUKPT initial key (ANSI X9.24-1:2009)', () => {
  const BDK = h('0123456789ABCDEFFEDCBA9876543210');

  it('gives the X9.24-1:2009 A.4 IPEK for BDK 0123456789ABCDEFFEDCBA9876543210, KSN FFFF9876543210E00000', async () => {
    expect(hex(await tdesInitialKey(tdesBdk(BDK), h('FFFF9876543210E00000')))).toBe('6AC292FAA1315B4D858AB3A3D7D5933A');
  });

  it.each(['FFFF9876543210E00001', 'FFFF9876543210E00008', 'FFFF9876543210E1FFFF'])(
    'ignores the 21-bit transaction counter of KSN %s',
    async (ksn) => {
      expect(hex(await tdesInitialKey(tdesBdk(BDK), h(ksn)))).toBe('6AC292FAA1315B4D858AB3A3D7D5933A');
    },
  );

  it('depends on the KSN bits above the counter', async () => {
    expect(hex(await tdesInitialKey(tdesBdk(BDK), h('FFFF9876543210C00000')))).not.toBe('6AC292FAA1315B4D858AB3A3D7D5933A');
  });

  it.each(Array.from({ length: 10 }, (_, i) => i))('matches the npm package dukpt for a random BDK and KSN (%i)', async () => {
    const bdk = randomBytes(16);
    const ksn = randomBytes(10);
    expect(hex(await tdesInitialKey(tdesBdk(bdk), ksn))).toBe(NodeDukpt._createIPEK(hex(bdk), hex(ksn)).toUpperCase());
  });

  it('asks the keystore for the left half plainly and the right half under the C0C0 variant', async () => {
    const calls: { data: string; variant: string | undefined }[] = [];
    const ops: TdesBdkOps = {
      encryptEcb: async (data, variant) => {
        calls.push({ data: hex(data), variant: variant && hex(variant) });
        return Buffer.alloc(8, calls.length);
      },
    };
    expect(hex(await tdesInitialKey(ops, h('FFFF9876543210E1FFFF')))).toBe('01010101010101010202020202020202');
    expect(calls).toEqual([
      { data: 'FFFF9876543210E0', variant: undefined },
      { data: 'FFFF9876543210E0', variant: hex(IPEK_VARIANT) },
    ]);
  });

  it('refuses a BDK that is not double-length TDES and a KSN that is not 10 bytes', async () => {
    await expect(tdesInitialKey({ ...tdesBdk(BDK), algorithm: 'TDES_3KEY' }, randomBytes(10))).rejects.toThrow(
      'A TDES DUKPT BDK is a TDES 112-bit (double-length) key, not TDES 168-bit',
    );
    await expect(tdesInitialKey(tdesBdk(BDK), randomBytes(8))).rejects.toThrow('A TDES DUKPT KSN is 10 bytes, not 8');
  });
});

describe('AES DUKPT initial key (ANSI X9.24-3-2017)', () => {
  const INITIAL_KEY_ID = h('1234567890123456');

  // ANSI X9.24-3-2017 supplement test vectors, as in openemv/dukpt test/dukpt_aes128_test.c and dukpt_aes256_test.c.
  it('gives the supplement initial key for the AES-128 BDK FEDCBA9876543210F1F1F1F1F1F1F1F1', async () => {
    const bdk = aesBdk('AES_128', h('FEDCBA9876543210F1F1F1F1F1F1F1F1'));
    expect(hex(await aesInitialKey(bdk, INITIAL_KEY_ID, 'AES_128'))).toBe('1273671EA26AC29AFA4D1084127652A1');
  });

  it('gives the supplement initial key for the AES-256 BDK', async () => {
    const bdk = aesBdk('AES_256', h('FEDCBA9876543210F1F1F1F1F1F1F1F1FEDCBA9876543210F1F1F1F1F1F1F1F1'));
    expect(hex(await aesInitialKey(bdk, INITIAL_KEY_ID, 'AES_256'))).toBe('CE9CE0C101D1138F97FB6CAD4DF045A7083D4EAE2D35A31789D01CCF0949550F');
  });

  // X9.24-3-2017 6.3.2 table 2, written out: version 01, key block counter, key usage 8001, algorithm indicator,
  // length in bits, initial key ID; one AES-ECB block (by openssl) per 16 bytes of key, truncated.
  it.each([
    { bdkAlgorithm: 'AES_192', derived: 'AES_192', dataAfterCounter: '8001000300C0', blocks: 2 },
    { bdkAlgorithm: 'AES_256', derived: 'AES_128', dataAfterCounter: '800100020080', blocks: 1 },
    { bdkAlgorithm: 'AES_128', derived: 'TDES_2KEY', dataAfterCounter: '800100000080', blocks: 1 },
    { bdkAlgorithm: 'AES_192', derived: 'TDES_3KEY', dataAfterCounter: '8001000100C0', blocks: 2 },
  ] as { bdkAlgorithm: KeyAlgorithm; derived: KeyAlgorithm; dataAfterCounter: string; blocks: number }[])(
    'derives $derived from an $bdkAlgorithm BDK by the derivation data of the standard (checked with openssl)',
    async ({ bdkAlgorithm, derived, dataAfterCounter, blocks }) => {
      const bdkKey = randomBytes(KEY_BYTES[bdkAlgorithm]);
      const initialKeyId = randomBytes(8);
      const expected = Buffer.concat(
        Array.from({ length: blocks }, (_, i) => opensslEcbEncrypt(bdkAlgorithm, bdkKey, h(`010${i + 1}${dataAfterCounter}${hex(initialKeyId)}`))),
      ).subarray(0, KEY_BYTES[derived]);
      expect(hex(await aesInitialKey(aesBdk(bdkAlgorithm, bdkKey), initialKeyId, derived))).toBe(hex(expected));
    },
  );

  it('refuses a TDES BDK, an initial key ID that is not 8 bytes, and a key stronger than the BDK', async () => {
    await expect(aesInitialKey(aesBdk('TDES_2KEY', randomBytes(16)), INITIAL_KEY_ID, 'TDES_2KEY')).rejects.toThrow(
      'An AES DUKPT BDK is an AES key, not TDES 112-bit',
    );
    await expect(aesInitialKey(aesBdk('AES_128', randomBytes(16)), randomBytes(10), 'AES_128')).rejects.toThrow(
      'An AES DUKPT initial key ID is 8 bytes, not 10',
    );
    await expect(aesInitialKey(aesBdk('AES_128', randomBytes(16)), INITIAL_KEY_ID, 'AES_256')).rejects.toThrow(
      'The AES-128 BDK cannot derive a stronger AES-256 initial key',
    );
  });

  it('zeroes the blocks the keystore returned', async () => {
    const outputs: Buffer[] = [];
    const bdkKey = randomBytes(32);
    const ops: AesBdkOps = {
      algorithm: 'AES_256',
      encryptEcb: async (data) => {
        const output = ecbEncrypt('AES_256', bdkKey, data);
        outputs.push(output);
        return output;
      },
    };
    const initialKey = await aesInitialKey(ops, INITIAL_KEY_ID, 'AES_256');
    expect(initialKey.every((byte) => byte === 0)).toBe(false);
    expect(outputs).toHaveLength(2);
    for (const output of outputs) expect(output.every((byte) => byte === 0)).toBe(true);
  });
});
