import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KEY_ALGORITHMS, KEY_BYTES, isTdes, type KeyAlgorithm } from '../../../platform/keystore.ts';
import { cmac } from './cmac.ts';
import { opensslCbcDecrypt, opensslCmac } from './openssl.test-helper.ts';
import { isStrongerThan } from '@keydeck/contract/payment-keys';
import { parseTr31Header, tr31AlgorithmOf, unwrapTr31, wrapTr31, type KbpkOps, type Tr31HeaderFields } from './tr31.ts';

const h = (hex: string): Buffer => Buffer.from(hex, 'hex');
const ascii = (text: string): Buffer => Buffer.from(text, 'ascii');

/** A KBPK held in the clear, as the software keystore would run it. */
const clearKbpk = (algorithm: KeyAlgorithm, key: Buffer): KbpkOps => ({ algorithm, cmac: async (data) => cmac(algorithm, key, data) });

/**
 * An unwrap that shares nothing with ours but the standard: KBEK and KBAK by `openssl mac CMAC` over the
 * X9.143 derivation data spelled out here (counter, usage 0000 encryption / 0001 MAC, separator 00, algorithm
 * indicator, key length in bits), the payload by `openssl enc -d` with the MAC as IV, the MAC by openssl CMAC.
 */
const DERIVATION_TAIL: Record<KeyAlgorithm, string> = {
  TDES_2KEY: '00000080',
  TDES_3KEY: '000100C0',
  AES_128: '00020080',
  AES_192: '000300C0',
  AES_256: '00040100',
};

function opensslUnwrap(kbpkAlgorithm: KeyAlgorithm, kbpk: Buffer, block: string, headerChars: number) {
  const macBytes = isTdes(kbpkAlgorithm) ? 8 : 16;
  const derive = (usage: string): Buffer => {
    const parts: Buffer[] = [];
    for (let counter = 1; Buffer.concat(parts).length < KEY_BYTES[kbpkAlgorithm]; counter++) {
      parts.push(opensslCmac(kbpkAlgorithm, kbpk, h(`0${counter}${usage}00${DERIVATION_TAIL[kbpkAlgorithm]}`)));
    }
    return Buffer.concat(parts).subarray(0, KEY_BYTES[kbpkAlgorithm]);
  };
  const kbek = derive('0000');
  const kbak = derive('0001');
  const mac = h(block.slice(block.length - 2 * macBytes));
  const payload = opensslCbcDecrypt(kbpkAlgorithm, kbek, mac, h(block.slice(headerChars, block.length - 2 * macBytes)));
  const macVerifies = opensslCmac(kbpkAlgorithm, kbak, Buffer.concat([ascii(block.slice(0, headerChars)), payload])).equals(mac);
  const keyBytes = payload.readUInt16BE(0) / 8;
  return { macVerifies, key: payload.subarray(2, 2 + keyBytes), padding: payload.subarray(2 + keyBytes) };
}

/**
 * Published key blocks and the keys they carry. Sources:
 * - TR-31:2018 annex A.7 and ANSI X9.143:2021 clause 8 examples, and Thales payShield 10k blocks, as listed in
 *   openemv/tr31 test/tr31_decrypt_test.c;
 * - psec (knovichikhin/psec) tests/test_tr31.py test_kb_known_values and the psec/tr31.py docstrings;
 * - moov-io/tr31 pkg/tr31/tr31_test.go Test_Unwrap_Apple_Proximity (AES-128 KBPK, lower-case hex).
 */
const PUBLISHED: { source: string; kbpkAlgorithm: KeyAlgorithm; kbpk: string; block: string; key: string; headerChars: number }[] = [
  {
    source: 'TR-31:2018 A.7.2.2',
    kbpkAlgorithm: 'TDES_2KEY',
    kbpk: 'DD7515F2BFC17F85CE48F3CA25CB21F6',
    block: 'B0080P0TE00E000094B420079CC80BA3461F86FE26EFC4A3B8E4FA4C5F5341176EED7B727B8A248E',
    key: '3F419E1CB7079442AA37474C2EFBF8B8',
    headerChars: 16,
  },
  {
    source: 'TR-31:2018 A.7.3.2 (optional block KS)',
    kbpkAlgorithm: 'TDES_2KEY',
    kbpk: '1D22BF32387C600AD97F9B97A51311AC',
    block: 'B0104B0TX12S0100KS1800604B120F9292800000BB68BE8680A400D9191AD4ECE45B6E6C0D21C4738A52190E248719E24B433627',
    key: 'E8BC63E5479455E26577F715D587FE68',
    headerChars: 40,
  },
  {
    source: 'ANSI X9.143:2021 8.4.2 (key length hidden)',
    kbpkAlgorithm: 'TDES_2KEY',
    kbpk: '1D22BF32387C600AD97F9B97A51311AC',
    block: 'B0120B0TX12S0100KS1800604B120F929280000015CEB14B76D551F21EC43A75390FA118A98C6CB049E3B9E864A5F4A8B9A5108A6DB5635C95B042D7',
    key: 'E8BC63E5479455E26577F715D587FE68',
    headerChars: 40,
  },
  {
    source: 'Thales payShield 10k, version B',
    kbpkAlgorithm: 'TDES_2KEY',
    kbpk: 'EFE0853B256B583D868F251CE99EA1D9',
    block: 'B0080K0TN00N00001C414014375212C24995E405B5EE052CB92B67F455EA2680F6751088F9F1C228',
    key: '5DB50B454F8389ADCE573BE50861F2BF',
    headerChars: 16,
  },
  {
    source: 'psec test_kb_known_values, double-length KBPK',
    kbpkAlgorithm: 'TDES_2KEY',
    kbpk: 'AAAAAAAAAAAAAAAABBBBBBBBBBBBBBBB',
    block: 'B0096M3TC00E0000D578DACC2286C7D10F20DEA88799CA8A2F44E0CC21226A2158D5DC8FD5C78E621327DA956C678808',
    key: 'CCCCCCCCCCCCCCCCDDDDDDDDDDDDDDDD',
    headerChars: 16,
  },
  {
    source: 'psec test_kb_known_values, triple-length KBPK',
    kbpkAlgorithm: 'TDES_3KEY',
    kbpk: 'AAAAAAAAAAAAAAAABBBBBBBBBBBBBBBBCCCCCCCCCCCCCCCC',
    block: 'B0096M3TC00E0000C7C6FE86A5DE769C20DCA238C52341378B484D544A9764D43963C3B2824AE56C2D07A565DD3AB342',
    key: 'CCCCCCCCCCCCCCCCDDDDDDDDDDDDDDDD',
    headerChars: 16,
  },
  {
    source: 'psec test_kb_known_values, key version and optional block',
    kbpkAlgorithm: 'TDES_2KEY',
    kbpk: '89E88CF7931444F334BD7547FC3F380C',
    block: 'B0120P0TE12E0100KS1800604B120F9292800000E6E28F097CB0350B2EB2DF520947F779FA34D9759CEE7E0DEEACF8353DB778D47FA4EC20DA3A9754',
    key: 'F039121BEC83D26B169BDCD5B22AAF8F',
    headerChars: 40,
  },
  {
    source: 'psec tr31.py module docstring (KBPK b"FFFFFFFFEEEEEEEE")',
    kbpkAlgorithm: 'TDES_2KEY',
    kbpk: ascii('FFFFFFFFEEEEEEEE').toString('hex'),
    block: 'B0096P0TE00N0000A800A7D1A4C0C1BE762177E1CC59D84844EB67C9F6432B2CA34187AE2E0385EBEE2231697BC5DAE8',
    key: ascii('CCCCCCCCDDDDDDDD').toString('hex'),
    headerChars: 16,
  },
  {
    source: 'psec KeyBlock.unwrap docstring',
    kbpkAlgorithm: 'TDES_2KEY',
    kbpk: 'FF'.repeat(16),
    block: 'B0096P0TE00N0000342811F905093F2B797EB9248C1121C011C2AE41BEC63E33C9C2FDB320540D82327221AE9C5C34FB',
    key: 'EE'.repeat(16),
    headerChars: 16,
  },
  {
    source: 'psec unwrap() docstring',
    kbpkAlgorithm: 'TDES_2KEY',
    kbpk: 'AB'.repeat(16),
    block: 'B0096P0TE00N0000471D4FBE35E5865BDE20DBF4C15503161F55D681170BF8DD14D01B6822EF8550CB67C569DE8AC048',
    key: 'CD'.repeat(16),
    headerChars: 16,
  },
  {
    source: 'TR-31:2018 A.7.4',
    kbpkAlgorithm: 'AES_256',
    kbpk: '88E1AB2A2E3DD38C1FA039A536500CC8A87AB9D62DC92C01058FA79F44657DE6',
    block: 'D0112P0AE00E0000B82679114F470F540165EDFBF7E250FCEA43F810D215F8D207E2E417C07156A27E8E31DA05F7425509593D03A457DC34',
    key: '3F419E1CB7079442AA37474C2EFBF8B8',
    headerChars: 16,
  },
  {
    source: 'ANSI X9.143:2021 8.1 (key length hidden)',
    kbpkAlgorithm: 'AES_256',
    kbpk: '88E1AB2A2E3DD38C1FA039A536500CC8A87AB9D62DC92C01058FA79F44657DE6',
    block:
      'D0144P0AE00E00002C77FA3F4A553BED6E88AE5C172A4166E3D4ACA8E2AC71C158A476FAC12C13C3829DE55D3AB54C48F4C4FEF7AC75E90FC47F1B77E7B19A73ED46E64410082557',
    key: '3F419E1CB7079442AA37474C2EFBF8B8',
    headerChars: 16,
  },
  {
    source: 'Thales payShield 10k, version D, TDES BDK',
    kbpkAlgorithm: 'AES_256',
    kbpk: '41'.repeat(32),
    block: 'D0112B0TN00N000037DB9B046B7B0048785690759580ABC3B9842AB4BB7717B49E92528E575785D8123559376A2553B27BE94F054F4E971C',
    key: '1FA1F7CEC798D91545DA8AE0C7796BD9',
    headerChars: 16,
  },
  {
    source: 'Thales payShield 10k, version D, AES-256 key',
    kbpkAlgorithm: 'AES_256',
    kbpk: '41'.repeat(32),
    block:
      'D0144D0AN00N0000127862F945C2DED04530FAF7CDBC8B0BA10C7AA79BD5E0C2C5D6AC173BF588E4B19ACF1357178D50EA0AB193228E13958304FC6149632DFDCADF3A5B3D57E814',
    key: 'BE19E6A07A760F10EF8E83A226B63AAD141F463FDDD4F47DB244B4023EC3CACC',
    headerChars: 16,
  },
  {
    source: 'moov-io/tr31 Apple proximity block (AES-128 KBPK)',
    kbpkAlgorithm: 'AES_128',
    kbpk: '000102030405060708090A0B0C0D0E0F',
    block: 'D0112D0AD00E00009ef4ff063d9757987d1768a1e317a6530de7d8ac81972c19a3659afb28e8d35f48aaa5b0f124e73893163e9a020ae5f3',
    key: 'B9517FF24FD4C71833478D424C29751D',
    headerChars: 16,
  },
];

describe('published key blocks', () => {
  it.each(PUBLISHED)('$source unwraps to its key', async ({ kbpkAlgorithm, kbpk, block, key }) => {
    const unwrapped = await unwrapTr31(clearKbpk(kbpkAlgorithm, h(kbpk)), block);
    expect(unwrapped.key.toString('hex').toUpperCase()).toBe(key.toUpperCase());
  });

  it.each(PUBLISHED)('$source: the independent openssl unwrap agrees (it checks the helper too)', ({ kbpkAlgorithm, kbpk, block, key, headerChars }) => {
    const independent = opensslUnwrap(kbpkAlgorithm, h(kbpk), block, headerChars);
    expect(independent.macVerifies).toBe(true);
    expect(independent.key.toString('hex').toUpperCase()).toBe(key.toUpperCase());
  });

  // Wrapping the same key under the same header with the block's own padding must give back the published block
  // character for character: header layout, payload layout, derivation, MAC and encryption all at once.
  it.each(PUBLISHED)('$source: wrap reproduces it exactly given its padding', async ({ kbpkAlgorithm, kbpk, block, key, headerChars }) => {
    const { padding } = opensslUnwrap(kbpkAlgorithm, h(kbpk), block, headerChars);
    const { version: _version, ...fields } = parseTr31Header(block);
    const cipherBlock = isTdes(kbpkAlgorithm) ? 8 : 16;
    const keyBytes = key.length / 2;
    const revealKeyLength = 2 + keyBytes + padding.length === Math.ceil((2 + keyBytes) / cipherBlock) * cipherBlock;
    const rewrapped = await wrapTr31(clearKbpk(kbpkAlgorithm, h(kbpk)), fields, h(key), { padding, revealKeyLength });
    expect(rewrapped).toBe(block.toUpperCase());
  });

  it('TR-31:2018 A.7.4 comes out of wrap with the padding the standard prints', async () => {
    const kbpk = clearKbpk('AES_256', h('88E1AB2A2E3DD38C1FA039A536500CC8A87AB9D62DC92C01058FA79F44657DE6'));
    const fields: Tr31HeaderFields = { usage: 'P0', algorithm: 'A', modeOfUse: 'E', keyVersion: '00', exportability: 'E' };
    const block = await wrapTr31(kbpk, fields, h('3F419E1CB7079442AA37474C2EFBF8B8'), { padding: h('1C2965473CE206BB855B01533782'), revealKeyLength: true });
    expect(block).toBe('D0112P0AE00E0000B82679114F470F540165EDFBF7E250FCEA43F810D215F8D207E2E417C07156A27E8E31DA05F7425509593D03A457DC34');
  });

  it('reads the header of TR-31:2018 A.7.3.2 field by field', () => {
    expect(parseTr31Header(PUBLISHED[1]!.block)).toEqual({
      version: 'B',
      usage: 'B0',
      algorithm: 'T',
      modeOfUse: 'X',
      keyVersion: '12',
      exportability: 'S',
      keyContext: '0',
      optionalBlocks: [{ id: 'KS', data: '00604B120F9292800000' }],
    });
  });

  it('verifies the MAC of a single-DES key block (psec) but refuses its 8-byte key', async () => {
    const block = 'B0096M3TC00E0000B6CD513680EF255FC0DC590726FD0129A7CF6602E7F271631AB4EE7350642F11181AF4CC12F12FD9';
    await expect(unwrapTr31(clearKbpk('TDES_2KEY', h('AAAAAAAAAAAAAAAABBBBBBBBBBBBBBBB')), block)).rejects.toThrow('A TDES key is 16, 24 bytes, not 8');
  });
});

/** Every KBPK with every key it may protect (X9.24: never a key stronger than its KBPK). */
const PAIRS = KEY_ALGORITHMS.flatMap((kbpkAlgorithm) =>
  KEY_ALGORITHMS.filter((keyAlgorithm) => !isStrongerThan(keyAlgorithm, kbpkAlgorithm)).map((keyAlgorithm) => ({ kbpkAlgorithm, keyAlgorithm })),
);

const fieldsFor = (keyAlgorithm: KeyAlgorithm): Tr31HeaderFields => ({
  usage: 'K0',
  algorithm: tr31AlgorithmOf(keyAlgorithm),
  modeOfUse: 'B',
  keyVersion: '07',
  exportability: 'E',
});

describe('wrap then unwrap', () => {
  it.each(PAIRS)('$keyAlgorithm under a $kbpkAlgorithm KBPK comes back, with its header', async ({ kbpkAlgorithm, keyAlgorithm }) => {
    const kbpk = clearKbpk(kbpkAlgorithm, randomBytes(KEY_BYTES[kbpkAlgorithm]));
    const key = randomBytes(KEY_BYTES[keyAlgorithm]);
    const fields: Tr31HeaderFields = {
      ...fieldsFor(keyAlgorithm),
      usage: 'P0',
      modeOfUse: 'E',
      keyVersion: 'c1',
      exportability: 'S',
      keyContext: '2',
      optionalBlocks: [{ id: 'KS', data: '00604B120F9292800000' }, { id: 'TS', data: '2024-05-01T10:00:00Z' }],
    };
    const block = await wrapTr31(kbpk, fields, key);
    const unwrapped = await unwrapTr31(kbpk, block);
    expect(unwrapped.key.equals(key)).toBe(true);
    const { optionalBlocks, ...rest } = unwrapped.header;
    expect(rest).toEqual({ version: isTdes(kbpkAlgorithm) ? 'B' : 'D', usage: 'P0', algorithm: fields.algorithm, modeOfUse: 'E',
      keyVersion: 'c1', exportability: 'S', keyContext: '2' });
    expect(optionalBlocks.filter((block) => block.id !== 'PB')).toEqual(fields.optionalBlocks);
  });

  it.each(PAIRS)('$keyAlgorithm under a $kbpkAlgorithm KBPK: openssl alone unwraps what we wrote', async ({ kbpkAlgorithm, keyAlgorithm }) => {
    const kbpkKey = randomBytes(KEY_BYTES[kbpkAlgorithm]);
    const key = randomBytes(KEY_BYTES[keyAlgorithm]);
    const block = await wrapTr31(clearKbpk(kbpkAlgorithm, kbpkKey), fieldsFor(keyAlgorithm), key);
    const version = isTdes(kbpkAlgorithm) ? 'B' : 'D';
    expect(block.slice(0, 1)).toBe(version);
    expect(block.slice(5, 16)).toBe(`K0${tr31AlgorithmOf(keyAlgorithm)}B07E0000`);
    const independent = opensslUnwrap(kbpkAlgorithm, kbpkKey, block, 16);
    expect(independent.macVerifies).toBe(true);
    expect(independent.key.equals(key)).toBe(true);
  });

  // X9.143 pads to the algorithm's longest key: the block's length does not tell the key's.
  it.each([
    { kbpkAlgorithm: 'TDES_2KEY', keyAlgorithms: ['TDES_2KEY'], length: 96 },
    { kbpkAlgorithm: 'TDES_3KEY', keyAlgorithms: ['TDES_2KEY', 'TDES_3KEY'], length: 96 },
    { kbpkAlgorithm: 'AES_256', keyAlgorithms: ['TDES_2KEY', 'TDES_3KEY'], length: 112 },
    { kbpkAlgorithm: 'AES_256', keyAlgorithms: ['AES_128', 'AES_192', 'AES_256'], length: 144 },
  ] as { kbpkAlgorithm: KeyAlgorithm; keyAlgorithms: KeyAlgorithm[]; length: number }[])(
    '$keyAlgorithms under $kbpkAlgorithm all make $length-character blocks',
    async ({ kbpkAlgorithm, keyAlgorithms, length }) => {
      const kbpk = clearKbpk(kbpkAlgorithm, randomBytes(KEY_BYTES[kbpkAlgorithm]));
      for (const keyAlgorithm of keyAlgorithms) {
        const block = await wrapTr31(kbpk, fieldsFor(keyAlgorithm), randomBytes(KEY_BYTES[keyAlgorithm]));
        expect(block).toHaveLength(length);
        expect(block.slice(1, 5)).toBe(String(length).padStart(4, '0'));
      }
    },
  );

  it('pads the optional blocks to a whole cipher block with a PB block', async () => {
    const kbpkKey = randomBytes(32);
    const kbpk = clearKbpk('AES_256', kbpkKey);
    const key = randomBytes(16);
    const block = await wrapTr31(kbpk, { ...fieldsFor('AES_128'), optionalBlocks: [{ id: 'KS', data: '00604B120F9292800000' }] }, key);
    // 24 characters of KS, then PB of 8 to reach 32, a multiple of the 16-byte AES block; 2 optional blocks.
    expect(block.slice(0, 48)).toBe('D0176K0AB07E0200KS1800604B120F9292800000PB080000');
    expect(opensslUnwrap('AES_256', kbpkKey, block, 48).key.equals(key)).toBe(true);
    expect((await unwrapTr31(kbpk, block)).header.optionalBlocks).toEqual([{ id: 'KS', data: '00604B120F9292800000' }, { id: 'PB', data: '0000' }]);
  });

  it('pads with a bare PB04 when its own id and length complete the block', async () => {
    const kbpkKey = randomBytes(16);
    const block = await wrapTr31(clearKbpk('TDES_2KEY', kbpkKey), { ...fieldsFor('TDES_2KEY'), optionalBlocks: [{ id: 'KS', data: 'ABCDEFGH' }] }, randomBytes(16));
    expect(block.slice(0, 32)).toBe('B0112K0TB07E0200KS0CABCDEFGHPB04');
    expect(opensslUnwrap('TDES_2KEY', kbpkKey, block, 32).macVerifies).toBe(true);
  });

  it('writes and reads an optional block longer than 255 characters with an extended length', async () => {
    const kbpk = clearKbpk('TDES_2KEY', randomBytes(16));
    const data = 'X'.repeat(300);
    const block = await wrapTr31(kbpk, { ...fieldsFor('TDES_2KEY'), optionalBlocks: [{ id: 'CT', data }] }, randomBytes(16));
    // '00' says extended, '02' that the length is 2 bytes, 0136 = 310 = 2 + 2 + 2 + 4 + 300.
    expect(block.slice(16, 26)).toBe('CT00020136');
    expect((await unwrapTr31(kbpk, block)).header.optionalBlocks[0]).toEqual({ id: 'CT', data });
  });

  it('drops a PB block it is given and pads afresh', async () => {
    const kbpk = clearKbpk('TDES_2KEY', randomBytes(16));
    const block = await wrapTr31(kbpk, { ...fieldsFor('TDES_2KEY'), optionalBlocks: [{ id: 'PB', data: 'ZZZZ' }] }, randomBytes(16));
    expect(parseTr31Header(block).optionalBlocks).toEqual([]);
  });

  it('accepts a block with white space around it', async () => {
    const kbpk = clearKbpk('AES_128', randomBytes(16));
    const key = randomBytes(16);
    const block = await wrapTr31(kbpk, fieldsFor('AES_128'), key);
    expect((await unwrapTr31(kbpk, `  ${block}\n`)).key.equals(key)).toBe(true);
  });
});

describe('tampering', () => {
  const flipHex = (char: string): string => (char === '0' ? '1' : '0');

  it.each(['TDES_3KEY', 'AES_192'] as KeyAlgorithm[])('any changed character of the encrypted key or MAC fails the MAC (%s KBPK)', async (kbpkAlgorithm) => {
    const kbpk = clearKbpk(kbpkAlgorithm, randomBytes(KEY_BYTES[kbpkAlgorithm]));
    const block = await wrapTr31(kbpk, fieldsFor('TDES_2KEY'), randomBytes(16));
    for (let i = 16; i < block.length; i++) {
      const tampered = block.slice(0, i) + flipHex(block.charAt(i)) + block.slice(i + 1);
      await expect(unwrapTr31(kbpk, tampered), `character ${i}`).rejects.toThrow('Key block MAC does not verify');
    }
  });

  it.each([
    { field: 'key usage', at: 6, to: '1' },
    { field: 'mode of use', at: 8, to: 'D' },
    { field: 'key version number', at: 10, to: '8' },
    { field: 'exportability', at: 11, to: 'N' },
    { field: 'key context', at: 14, to: '1' },
    { field: 'optional block data', at: 22, to: '7' },
  ])('a changed $field fails the MAC', async ({ at, to }) => {
    const kbpk = clearKbpk('AES_128', randomBytes(16));
    const block = await wrapTr31(kbpk, { ...fieldsFor('AES_128'), optionalBlocks: [{ id: 'KS', data: '00604B120F9292800000' }] }, randomBytes(16));
    expect(block.charAt(at)).not.toBe(to);
    await expect(unwrapTr31(kbpk, block.slice(0, at) + to + block.slice(at + 1))).rejects.toThrow('Key block MAC does not verify');
  });

  it('another KBPK of the same algorithm fails the MAC', async () => {
    const block = await wrapTr31(clearKbpk('AES_256', randomBytes(32)), fieldsFor('AES_256'), randomBytes(32));
    await expect(unwrapTr31(clearKbpk('AES_256', randomBytes(32)), block)).rejects.toThrow('Key block MAC does not verify');
  });
});

describe('refusals', () => {
  const tdesKbpk = clearKbpk('TDES_2KEY', h('DD7515F2BFC17F85CE48F3CA25CB21F6'));
  const a722 = PUBLISHED[0]!.block;

  it.each([
    ['A0072P0TE00E0000F5161ED902807AF26F1D62263644BD24192FDB3193C730301CEE8701', 'Unsupported key block version A (B or D)'],
    ['C0096B0TX12S0100KS1800604B120F9292800000BFB9B689CB567E66FC3FEE5AD5F52161FC6545B9D60989015D02155C', 'Unsupported key block version C (B or D)'],
    ['E0084B0TV16N0000B2AE5E26BBA7F246E84D5EA24167E208A6B66EF2E27E55A52DB52F0AEACB94C57547', 'Unsupported key block version E (B or D)'],
    ['', 'Malformed key block: it is empty'],
  ])('refuses %s', async (block, message) => {
    await expect(unwrapTr31(tdesKbpk, block)).rejects.toThrow(message);
  });

  it('refuses a block whose length field does not match', async () => {
    await expect(unwrapTr31(tdesKbpk, a722.slice(0, -1))).rejects.toThrow('Malformed key block: its length field says 80 characters, it has 79');
    await expect(unwrapTr31(tdesKbpk, `B00x0${a722.slice(5)}`)).rejects.toThrow("Malformed key block: length '00x0' is not 4 digits");
  });

  it('refuses an encrypted key that is not whole cipher blocks', async () => {
    const short = `B0078${a722.slice(5, 60)}${a722.slice(62)}`;
    await expect(unwrapTr31(tdesKbpk, short)).rejects.toThrow('Malformed key block: the encrypted key must be whole 8-byte blocks');
  });

  it('refuses an encrypted key or MAC that is not hex', async () => {
    await expect(unwrapTr31(tdesKbpk, `${a722.slice(0, 30)}G${a722.slice(31)}`)).rejects.toThrow('Malformed key block: the encrypted key and MAC must be hexadecimal');
  });

  it('refuses a version the KBPK cannot open', async () => {
    await expect(unwrapTr31(clearKbpk('AES_128', randomBytes(16)), a722)).rejects.toThrow('A version B key block needs a TDES key block protection key, not AES-128');
    await expect(unwrapTr31(tdesKbpk, PUBLISHED[10]!.block)).rejects.toThrow('A version D key block needs an AES key block protection key, not TDES 112-bit');
  });

  it('refuses header fields outside the standard', () => {
    expect(() => parseTr31Header('D0016S0ES00N0000')).toThrow('Unsupported key algorithm E (T or A)');
    expect(() => parseTr31Header('D0016P0AZ00E0000')).toThrow("Mode of use 'Z' is not one of B C D E G N S T V X Y");
    expect(() => parseTr31Header('D0016P0AE00Q0000')).toThrow("Exportability 'Q' is not E, N or S");
    expect(() => parseTr31Header('D0016P0AE00E0030')).toThrow("Key context '3' is not 0, 1 or 2");
    expect(() => parseTr31Header('D0016P0AE00E0001')).toThrow("Malformed key block: reserved header character '1' is not 0");
    expect(() => parseTr31Header('D0016P0AE00E0100')).toThrow('Malformed key block: optional block 1 of 1 runs past the end');
    expect(() => parseTr31Header('D0024P0AE00E0100KSFF0000')).toThrow('Malformed key block: optional block KS runs past the end');
    expect(() => parseTr31Header('D0024P0AE00E0100KS030000')).toThrow('Malformed key block: optional block KS length 3 is shorter than its own id and length');
  });

  it('reads an extended optional block length as bytes of length (psec test_header_load_optional_extended_length_des)', () => {
    // psec's header with its length field set to the header's own 48 characters.
    const header = parseTr31Header('B0048P0TE00N0200KS00011600604B120F9292PB0A000000');
    expect(header.optionalBlocks).toEqual([{ id: 'KS', data: '00604B120F9292' }, { id: 'PB', data: '000000' }]);
  });

  it('refuses to wrap a key under a weaker KBPK', async () => {
    await expect(wrapTr31(tdesKbpk, fieldsFor('AES_128'), randomBytes(16))).rejects.toThrow(
      'The TDES 112-bit key block protection key is weaker than the AES-128 key it would protect',
    );
    await expect(wrapTr31(tdesKbpk, fieldsFor('TDES_3KEY'), randomBytes(24))).rejects.toThrow('weaker than the TDES 168-bit key');
    await expect(wrapTr31(clearKbpk('AES_128', randomBytes(16)), fieldsFor('AES_256'), randomBytes(32))).rejects.toThrow('weaker than the AES-256 key');
  });

  it('refuses a key whose length does not fit the header algorithm', async () => {
    await expect(wrapTr31(clearKbpk('AES_256', randomBytes(32)), fieldsFor('TDES_2KEY'), randomBytes(32))).rejects.toThrow('A TDES key is 16, 24 bytes, not 32');
    await expect(wrapTr31(clearKbpk('AES_256', randomBytes(32)), fieldsFor('AES_128'), randomBytes(8))).rejects.toThrow('An AES key is 16, 24, 32 bytes, not 8');
  });

  it.each([
    [{ usage: 'p0' }, "Key usage 'p0' is not 2 characters 0-9 A-Z"],
    [{ modeOfUse: 'Q' }, "Mode of use 'Q' is not one of B C D E G N S T V X Y"],
    [{ keyVersion: '1' }, "Key version number '1' is not 2 alphanumeric characters"],
    [{ exportability: 'X' }, "Exportability 'X' is not E, N or S"],
    [{ optionalBlocks: [{ id: 'ks', data: '1' }] }, "Optional block id 'ks' is not 2 characters 0-9 A-Z"],
    [{ optionalBlocks: [{ id: 'KS', data: 'é' }] }, 'Optional block KS holds characters that are not printable ASCII'],
  ] as [Partial<Tr31HeaderFields>, string][])('refuses to write %j', async (change, message) => {
    await expect(wrapTr31(tdesKbpk, { ...fieldsFor('TDES_2KEY'), ...change }, randomBytes(16))).rejects.toThrow(message);
  });
});

describe('secrets', () => {
  it('zeroes the key material the KBPK derived (every CMAC output) once the block is made or opened', async () => {
    const kbpkKey = randomBytes(24);
    const outputs: Buffer[] = [];
    const kbpk: KbpkOps = {
      algorithm: 'TDES_3KEY',
      cmac: async (data) => {
        const output = cmac('TDES_3KEY', kbpkKey, data);
        outputs.push(output);
        return output;
      },
    };
    const key = randomBytes(16);
    const block = await wrapTr31(kbpk, fieldsFor('TDES_2KEY'), key);
    expect((await unwrapTr31(kbpk, block)).key.equals(key)).toBe(true);
    // 3 CMACs each for KBEK and KBAK, on wrap and on unwrap.
    expect(outputs).toHaveLength(12);
    for (const output of outputs) expect(output.every((byte) => byte === 0)).toBe(true);
  });
});
