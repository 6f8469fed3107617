import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AsnEcSignatureFormatter } from '@peculiar/x509';
import pkcs11js from 'pkcs11js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSoftHsmToken, type SoftHsmToken } from '../../../../test/softhsm.ts';
import { loadAuditKey } from '../../../platform/audit-key.ts';
import {
  KEY_ALGORITHMS, KEY_BYTES, KEY_PAIR_ALGORITHMS, KEY_PAIR_SPECS, KeyNotExportableError, KeystoreUnavailableError, KeystoreUnsupportedError, isTdes,
  type DigestAlgorithm, type KeyAlgorithm, type KeyHandle, type KeyPairAlgorithm, type KeyPairHandle, type Keystore,
} from '../../../platform/keystore.ts';
import { MASTER_KEY_FILE, loadMasterKey } from './master-key.ts';
import { createPkcs11Keystore } from './pkcs11-keystore.ts';
import { createSoftwareKeystore } from './software-keystore.ts';

// Debian's openssl is the reference: an implementation independent of node:crypto's use here and of SoftHSM2's.
const OPENSSL = '/usr/bin/openssl';
const ENC_CIPHER: Record<KeyAlgorithm, string> = {
  TDES_2KEY: '-des-ede', TDES_3KEY: '-des-ede3', AES_128: '-aes-128-ecb', AES_192: '-aes-192-ecb', AES_256: '-aes-256-ecb',
};
const MAC_CIPHER: Record<KeyAlgorithm, string> = {
  TDES_2KEY: 'DES-EDE-CBC', TDES_3KEY: 'DES-EDE3-CBC', AES_128: 'AES-128-CBC', AES_192: 'AES-192-CBC', AES_256: 'AES-256-CBC',
};

function opensslEcb(algorithm: KeyAlgorithm, key: Buffer, data: Buffer): Buffer {
  return execFileSync(OPENSSL, ['enc', ENC_CIPHER[algorithm], '-K', key.toString('hex'), '-nopad'], { input: data, stdio: ['pipe', 'pipe', 'pipe'] });
}

function opensslCmac(algorithm: KeyAlgorithm, key: Buffer, data: Buffer): Buffer {
  const out = execFileSync(OPENSSL, ['mac', '-cipher', MAC_CIPHER[algorithm], '-macopt', `hexkey:${key.toString('hex')}`, 'CMAC'], {
    input: data, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'],
  });
  return Buffer.from(out.trim(), 'hex');
}

/** openssl's verdict on a signature over data by the public key (SPKI DER); an ECDSA signature goes to it as DER. */
function opensslVerifies(algorithm: KeyPairAlgorithm, spki: Buffer, digest: DigestAlgorithm, data: Buffer, signature: Buffer): boolean {
  const spec = KEY_PAIR_SPECS[algorithm];
  const der = spec.type === 'ec'
    ? Buffer.from(new AsnEcSignatureFormatter().toAsnSignature({ name: 'ECDSA', namedCurve: spec.curve } as Parameters<AsnEcSignatureFormatter['toAsnSignature']>[0], signature)!)
    : signature;
  const dir = mkdtempSync(join(tmpdir(), 'keydeck-keypair-'));
  try {
    writeFileSync(join(dir, 'public.der'), spki);
    writeFileSync(join(dir, 'data.bin'), data);
    writeFileSync(join(dir, 'signature.bin'), der);
    execFileSync(OPENSSL, ['pkey', '-pubin', '-inform', 'DER', '-in', 'public.der', '-out', 'public.pem'], { cwd: dir, stdio: 'pipe' });
    const out = execFileSync(OPENSSL, ['dgst', digest === 'SHA-256' ? '-sha256' : '-sha384', '-verify', 'public.pem', '-signature', 'signature.bin', 'data.bin'], {
      cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
    });
    return out.trim() === 'Verified OK';
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** node:crypto's verdict, ECDSA signatures taken raw (r||s). */
function nodeVerifies(algorithm: KeyPairAlgorithm, spki: Buffer, digest: DigestAlgorithm, data: Buffer, signature: Buffer): boolean {
  const key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  const ec = KEY_PAIR_SPECS[algorithm].type === 'ec';
  return verify(digest === 'SHA-256' ? 'sha256' : 'sha384', data, ec ? { key, dsaEncoding: 'ieee-p1363' } : key, signature);
}

async function generatedPair(keystore: Keystore, algorithm: KeyPairAlgorithm): Promise<KeyPairHandle & { spki: Buffer }> {
  const key = { id: `pair-${randomUUID()}`, algorithm };
  const { ref, publicKeySpki } = await keystore.generateKeyPair(key);
  return { ...key, ref, spki: publicKeySpki };
}

const blockOf = (algorithm: KeyAlgorithm) => (isTdes(algorithm) ? 8 : 16);
const xor = (a: Buffer, b: Buffer) => Buffer.from(a.map((byte, i) => byte ^ b[i]!));
const oddParity = (key: Buffer) => [...key].every((byte) => byte.toString(2).split('1').length % 2 === 0);
const newKey = (algorithm: KeyAlgorithm, exportable: boolean) => ({ id: `key-${randomUUID()}`, algorithm, exportable });

async function clearOf(keystore: Keystore, key: KeyHandle): Promise<Buffer> {
  return keystore.withClear(key, (clear) => Buffer.from(clear));
}

async function generated(keystore: Keystore, algorithm: KeyAlgorithm, exportable: boolean): Promise<KeyHandle> {
  const key = newKey(algorithm, exportable);
  return { ...key, ref: await keystore.generate(key) };
}

async function imported(keystore: Keystore, algorithm: KeyAlgorithm, exportable: boolean, value: Buffer): Promise<KeyHandle> {
  const key = newKey(algorithm, exportable);
  return { ...key, ref: await keystore.importClear(key, Buffer.from(value)) };
}

/** Token-side attributes of a key, read with a PKCS#11 session of the test's own on the same library. */
function tokenAttributes(token: SoftHsmToken, id: string): Record<'extractable' | 'sensitive' | 'token' | 'private', boolean> & { label: string } | null {
  const p11 = new pkcs11js.PKCS11();
  p11.load(token.library);
  try {
    p11.C_Initialize();
  } catch (error) {
    if ((error as { code?: number }).code !== pkcs11js.CKR_CRYPTOKI_ALREADY_INITIALIZED) throw error;
  }
  const slot = p11.C_GetSlotList(true).find((s) => p11.C_GetTokenInfo(s).label.trim() === token.tokenLabel)!;
  const session = p11.C_OpenSession(slot, pkcs11js.CKF_SERIAL_SESSION);
  try {
    try {
      p11.C_Login(session, pkcs11js.CKU_USER, token.pin);
    } catch (error) {
      if ((error as { code?: number }).code !== pkcs11js.CKR_USER_ALREADY_LOGGED_IN) throw error;
    }
    p11.C_FindObjectsInit(session, [{ type: pkcs11js.CKA_ID, value: Buffer.from(id) }]);
    const object = p11.C_FindObjects(session);
    p11.C_FindObjectsFinal(session);
    if (!object) return null;
    const flag = (type: number) => p11.C_GetAttributeValue(session, object, [{ type }])[0]!.value[0] === 1;
    return {
      extractable: flag(pkcs11js.CKA_EXTRACTABLE), sensitive: flag(pkcs11js.CKA_SENSITIVE), token: flag(pkcs11js.CKA_TOKEN),
      private: flag(pkcs11js.CKA_PRIVATE), label: p11.C_GetAttributeValue(session, object, [{ type: pkcs11js.CKA_LABEL }])[0]!.value.toString(),
    };
  } finally {
    // No C_Logout nor C_Finalize: login and initialisation are shared with the keystore under test.
    p11.C_CloseSession(session);
  }
}

const backends: { name: string; open(): Keystore }[] = [
  { name: 'software', open: () => createSoftwareKeystore(randomBytes(32)) },
  { name: 'pkcs11', open: () => createPkcs11Keystore(createSoftHsmToken('conformance')) },
];

describe.each(backends)('the $name keystore', (backend) => {
  let keystore: Keystore;
  beforeAll(() => {
    keystore = backend.open();
  });
  afterAll(() => keystore.close());

  it('says what kind it is', () => {
    expect(keystore.kind).toBe(backend.name);
  });

  it.each(KEY_ALGORITHMS)('generates a %s key whose ECB encryption is openssl’s', async (algorithm) => {
    const key = await generated(keystore, algorithm, true);
    const value = await clearOf(keystore, key);
    expect(value).toHaveLength(KEY_BYTES[algorithm]);
    expect(value.equals(Buffer.alloc(value.length))).toBe(false);
    const zeros = Buffer.alloc(2 * blockOf(algorithm));
    expect((await keystore.encryptEcb(key, zeros)).toString('hex')).toBe(opensslEcb(algorithm, value, zeros).toString('hex'));
  });

  it.each(KEY_ALGORITHMS)('computes the CMAC of a %s key as openssl does', async (algorithm) => {
    const key = await generated(keystore, algorithm, true);
    const value = await clearOf(keystore, key);
    for (const data of [randomBytes(blockOf(algorithm)), randomBytes(37), randomBytes(3 * blockOf(algorithm))]) {
      const mac = await keystore.cmac(key, data);
      expect(mac).toHaveLength(blockOf(algorithm));
      expect(mac.toString('hex')).toBe(opensslCmac(algorithm, value, data).toString('hex'));
    }
  });

  it.each(KEY_ALGORITHMS)('works with an imported %s key that is not exportable, as openssl does', async (algorithm) => {
    const value = randomBytes(KEY_BYTES[algorithm]);
    const clear = Buffer.from(value);
    const key = newKey(algorithm, false);
    const handle = { ...key, ref: await keystore.importClear(key, clear) };
    expect(clear.equals(Buffer.alloc(clear.length))).toBe(true);
    const data = randomBytes(2 * blockOf(algorithm));
    expect((await keystore.encryptEcb(handle, data)).toString('hex')).toBe(opensslEcb(algorithm, value, data).toString('hex'));
    expect((await keystore.cmac(handle, data)).toString('hex')).toBe(opensslCmac(algorithm, value, data).toString('hex'));
  });

  it('gives the published check value of an imported TDES key', async () => {
    const key = await imported(keystore, 'TDES_2KEY', false, Buffer.from('0123456789ABCDEFFEDCBA9876543210', 'hex'));
    const kcv = (await keystore.encryptEcb(key, Buffer.alloc(8))).subarray(0, 3);
    expect(kcv.toString('hex').toUpperCase()).toBe('08D7B4');
  });

  it('generates TDES keys with odd parity', async () => {
    for (const algorithm of ['TDES_2KEY', 'TDES_3KEY'] as const) {
      expect(oddParity(await clearOf(keystore, await generated(keystore, algorithm, true)))).toBe(true);
    }
  });

  it('refuses withClear on a key that is not exportable, without calling work', async () => {
    const key = await generated(keystore, 'AES_128', false);
    const work = vi.fn();
    await expect(keystore.withClear(key, work)).rejects.toBeInstanceOf(KeyNotExportableError);
    expect(work).not.toHaveBeenCalled();
    // The key itself still works.
    expect(await keystore.encryptEcb(key, Buffer.alloc(16))).toHaveLength(16);
  });

  it('zeroes the buffer passed to work once work settles, resolved or rejected', async () => {
    const key = await imported(keystore, 'TDES_3KEY', true, randomBytes(24));
    let seen: Buffer | undefined;
    const copy = await keystore.withClear(key, async (clear) => {
      seen = clear;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return Buffer.from(clear);
    });
    expect(copy.equals(Buffer.alloc(24))).toBe(false);
    expect(seen!.equals(Buffer.alloc(24))).toBe(true);
    await expect(keystore.withClear(key, (clear) => {
      seen = clear;
      throw new Error('work failed');
    })).rejects.toThrow('work failed');
    expect(seen!.equals(Buffer.alloc(24))).toBe(true);
  });

  it('applies a variant to an exportable key before encrypting', async () => {
    const value = randomBytes(16);
    const key = await imported(keystore, 'TDES_2KEY', true, value);
    const variant = Buffer.from('0000000000FF00000000000000FF0000', 'hex');
    const data = randomBytes(8);
    const expected = opensslEcb('TDES_2KEY', xor(value, variant), data).toString('hex');
    expect((await keystore.encryptEcb(key, data, variant)).toString('hex')).toBe(expected);
    expect(keystore.canApplyVariant(key)).toBe(true);
    // The variant is applied to the operation's copy only.
    expect((await keystore.encryptEcb(key, data)).toString('hex')).toBe(opensslEcb('TDES_2KEY', value, data).toString('hex'));
  });

  it('refuses data that is not whole blocks', async () => {
    const key = await generated(keystore, 'AES_256', false);
    await expect(keystore.encryptEcb(key, Buffer.alloc(15))).rejects.toThrow('whole 16-byte blocks');
    await expect(keystore.encryptEcb(key, Buffer.alloc(0))).rejects.toThrow('whole 16-byte blocks');
  });

  it.each(KEY_PAIR_ALGORITHMS)('generates a %s key pair whose signatures node:crypto and openssl verify', async (algorithm) => {
    const pair = await generatedPair(keystore, algorithm);
    const spec = KEY_PAIR_SPECS[algorithm];
    const details = createPublicKey({ key: pair.spki, format: 'der', type: 'spki' }).asymmetricKeyDetails!;
    if (spec.type === 'rsa') expect([details.modulusLength, details.publicExponent]).toEqual([spec.bits, 65537n]);
    else expect(details.namedCurve).toBe(spec.curve === 'P-256' ? 'prime256v1' : 'secp384r1');
    const data = randomBytes(300);
    for (const digest of ['SHA-256', 'SHA-384'] as const) {
      const signature = await keystore.sign(pair, digest, data);
      expect(signature).toHaveLength(spec.type === 'rsa' ? spec.bits / 8 : 2 * spec.bytes);
      expect(nodeVerifies(algorithm, pair.spki, digest, data, signature)).toBe(true);
      expect(opensslVerifies(algorithm, pair.spki, digest, data, signature)).toBe(true);
      const other = Buffer.from(data);
      other[0]! ^= 1;
      expect(opensslVerifies(algorithm, pair.spki, digest, other, signature)).toBe(false);
    }
  });

  it('signs only with the key pair its handle names, and destroys it', async () => {
    const a = await generatedPair(keystore, 'EC_P256');
    const b = await generatedPair(keystore, 'EC_P256');
    const data = randomBytes(32);
    await expect(keystore.sign({ ...a, algorithm: 'EC_P384' }, 'SHA-384', data)).rejects.toThrow(keystore.kind === 'software' ? 'does not open' : 'is not a EC_P384 key');
    await expect(keystore.sign({ ...b, ref: a.ref }, 'SHA-256', data)).rejects.toThrow(keystore.kind === 'software' ? 'does not open' : 'is not this key');
    expect(nodeVerifies('EC_P256', b.spki, 'SHA-256', data, await keystore.sign(b, 'SHA-256', data))).toBe(true);
    await keystore.destroy(b);
    if (keystore.kind === 'pkcs11') await expect(keystore.sign(b, 'SHA-256', data)).rejects.toThrow(`Key ${b.id} is not on the HSM token`);
  });
});

describe('the software keystore’s sealed keys', () => {
  const masterKey = randomBytes(32);
  const keystore = createSoftwareKeystore(masterKey);
  const value = randomBytes(16);

  it('keeps a key as v1.<iv>.<tag>.<ciphertext>, a fresh IV each time, never the key bytes', async () => {
    const key = newKey('AES_128', true);
    const ref = await keystore.importClear(key, Buffer.from(value));
    expect(ref).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    for (const encoding of ['hex', 'base64', 'base64url'] as const) {
      expect(ref.toLowerCase()).not.toContain(value.toString(encoding).toLowerCase().replace(/=+$/, ''));
    }
    expect(Buffer.from(ref.split('.')[3]!, 'base64url').equals(value)).toBe(false);
    const again = await keystore.importClear(key, Buffer.from(value));
    expect(again.split('.')[1]).not.toBe(ref.split('.')[1]);
    expect((await clearOf(keystore, { ...key, ref: again })).equals(value)).toBe(true);
  });

  it('does not open a key sealed for another key id or algorithm', async () => {
    const a = await imported(keystore, 'AES_128', true, value);
    await expect(keystore.encryptEcb({ ...a, id: 'key-b' }, Buffer.alloc(16))).rejects.toThrow('does not open');
    await expect(keystore.withClear({ ...a, id: 'key-b' }, () => 1)).rejects.toThrow('does not open');
    await expect(keystore.encryptEcb({ ...a, algorithm: 'TDES_2KEY' }, Buffer.alloc(8))).rejects.toThrow('does not open');
    expect(await keystore.encryptEcb(a, Buffer.alloc(16))).toHaveLength(16);
  });

  it('does not open a key whose exportable flag was flipped, either way', async () => {
    const locked = await imported(keystore, 'AES_128', false, value);
    const work = vi.fn();
    await expect(keystore.withClear({ ...locked, exportable: true }, work)).rejects.toThrow('does not open');
    expect(work).not.toHaveBeenCalled();
    const open = await imported(keystore, 'AES_128', true, value);
    await expect(keystore.encryptEcb({ ...open, exportable: false }, Buffer.alloc(16))).rejects.toThrow('does not open');
  });

  it('does not open a key under another master key', async () => {
    const key = await imported(keystore, 'AES_128', true, value);
    const other = createSoftwareKeystore(randomBytes(32));
    await expect(other.encryptEcb(key, Buffer.alloc(16))).rejects.toThrow('does not open');
    const same = createSoftwareKeystore(Buffer.from(masterKey));
    expect((await clearOf(same, key)).equals(value)).toBe(true);
  });

  it('does not open a tampered ciphertext or a reference that is not a sealed key', async () => {
    const key = await imported(keystore, 'AES_128', true, value);
    const parts = key.ref.split('.');
    const ct = Buffer.from(parts[3]!, 'base64url');
    ct[0]! ^= 1;
    await expect(keystore.encryptEcb({ ...key, ref: [...parts.slice(0, 3), ct.toString('base64url')].join('.') }, Buffer.alloc(16))).rejects.toThrow('does not open');
    await expect(keystore.encryptEcb({ ...key, ref: 'pkcs11:token:00' }, Buffer.alloc(16))).rejects.toThrow('not a sealed key');
  });

  it('seals a private key as PKCS#8 DER under the master key, opening only for its id and algorithm', async () => {
    const key = { id: `pair-${randomUUID()}`, algorithm: 'RSA_2048' as const };
    const { ref } = await keystore.generateKeyPair(key);
    expect(ref).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    // An RSA 2048 PKCS#8 key is some 1,200 bytes: the ciphertext is as long, under AES-GCM, with no structure showing.
    const ct = Buffer.from(ref.split('.')[3]!, 'base64url');
    expect(ct.length).toBeGreaterThan(1_100);
    expect(ct.subarray(0, 2).toString('hex')).not.toBe('3082');
    await expect(keystore.sign({ ...key, ref, id: 'pair-other' }, 'SHA-256', Buffer.alloc(1))).rejects.toThrow('does not open');
    await expect(createSoftwareKeystore(randomBytes(32)).sign({ ...key, ref }, 'SHA-256', Buffer.alloc(1))).rejects.toThrow('does not open');
  });

  it('needs a 32-byte master key', () => {
    expect(() => createSoftwareKeystore(randomBytes(16))).toThrow('32 bytes');
  });
});

describe('the PKCS#11 keystore on SoftHSM2', () => {
  let token: SoftHsmToken;
  const opened: Keystore[] = [];
  const open = (options: { library: string; tokenLabel: string; pin: string } = token) => {
    const keystore = createPkcs11Keystore(options);
    opened.push(keystore);
    return keystore;
  };
  beforeAll(() => {
    token = createSoftHsmToken('pkcs11-keystore');
  });
  afterEach(async () => {
    for (const keystore of opened.splice(0)) await keystore.close();
  });

  it('keeps keys as sensitive private token objects, extractable only when exportable', async () => {
    const keystore = open();
    const locked = await generated(keystore, 'TDES_2KEY', false);
    const exportable = await generated(keystore, 'AES_256', true);
    const importedLocked = await imported(keystore, 'AES_128', false, randomBytes(16));
    expect(locked.ref).toBe(`pkcs11:pkcs11-keystore:${Buffer.from(locked.id).toString('hex')}`);
    expect(tokenAttributes(token, locked.id)).toEqual({ extractable: false, sensitive: true, token: true, private: true, label: locked.id });
    expect(tokenAttributes(token, importedLocked.id)).toMatchObject({ extractable: false, sensitive: true, token: true });
    expect(tokenAttributes(token, exportable.id)).toMatchObject({ extractable: true, sensitive: true, token: true });
  });

  it('keeps keys across a close and a reopen of the keystore', async () => {
    const first = open();
    const key = await generated(first, 'TDES_3KEY', false);
    const data = randomBytes(16);
    const [encrypted, mac] = [await first.encryptEcb(key, data), await first.cmac(key, data)];
    await first.close();
    await expect(first.encryptEcb(key, data)).rejects.toThrow('closed');
    const second = open();
    expect((await second.encryptEcb(key, data)).equals(encrypted)).toBe(true);
    expect((await second.cmac(key, data)).equals(mac)).toBe(true);
  });

  it('finds a key again when another keystore on the token destroyed it and made a new one with its id', async () => {
    const [mine, other] = [open(), open()];
    const id = randomUUID();
    const first = { id, algorithm: 'AES_128' as const, exportable: true };
    const before = { ...first, ref: await mine.importClear(first, Buffer.alloc(16, 1)) };
    const zeros = Buffer.alloc(16);
    const oldBlock = await mine.encryptEcb(before, zeros);
    await other.destroy(before);
    const after = { ...first, ref: await other.importClear(first, Buffer.alloc(16, 2)) };
    const newBlock = await mine.encryptEcb(after, zeros);
    expect(newBlock.equals(oldBlock)).toBe(false);
    expect(newBlock.equals(await other.encryptEcb(after, zeros))).toBe(true);
  });

  it('refuses a reference that is not the key’s, and a second key with one id', async () => {
    const keystore = open();
    const a = await generated(keystore, 'AES_128', true);
    const b = await generated(keystore, 'AES_128', true);
    await expect(keystore.encryptEcb({ ...b, ref: a.ref }, Buffer.alloc(16))).rejects.toThrow('is not this key');
    await expect(keystore.generate({ id: a.id, algorithm: 'AES_128', exportable: true })).rejects.toThrow('already on the HSM token');
    await expect(keystore.encryptEcb({ ...a, algorithm: 'TDES_2KEY' }, Buffer.alloc(8))).rejects.toThrow('is not a TDES_2KEY key');
  });

  it('keeps a key pair’s private key as a sensitive, never extractable token object, and no public key object', async () => {
    const keystore = open();
    const pair = await generatedPair(keystore, 'EC_P384');
    expect(pair.ref).toBe(`pkcs11:pkcs11-keystore:${Buffer.from(pair.id).toString('hex')}`);
    expect(tokenAttributes(token, pair.id)).toEqual({ extractable: false, sensitive: true, token: true, private: true, label: pair.id });
    await keystore.destroy(pair);
    expect(tokenAttributes(token, pair.id)).toBeNull();
  });

  it('destroys a key’s token object', async () => {
    const keystore = open();
    const key = await generated(keystore, 'AES_192', false);
    expect(tokenAttributes(token, key.id)).not.toBeNull();
    await keystore.destroy(key);
    expect(tokenAttributes(token, key.id)).toBeNull();
    await expect(keystore.encryptEcb(key, Buffer.alloc(16))).rejects.toThrow(`Key ${key.id} is not on the HSM token pkcs11-keystore`);
    await keystore.destroy(key);
  });

  it('refuses a variant of a key that is not exportable (SoftHSM2 has no CKM_XOR_BASE_AND_DATA)', async () => {
    const keystore = open();
    const key = await generated(keystore, 'TDES_2KEY', false);
    await expect(keystore.encryptEcb(key, Buffer.alloc(8), Buffer.alloc(16, 0xc0))).rejects.toBeInstanceOf(KeystoreUnsupportedError);
    // It says so before anyone asks for the variant, so a setup that would need one can be refused when made.
    expect([keystore.canApplyVariant(key), keystore.canApplyVariant({ ...key, exportable: true })]).toEqual([false, true]);
  });

  it('refuses a wrong PIN at opening, without naming the PIN', () => {
    const other = createSoftHsmToken('wrong-pin');
    const attempt = () => open({ ...other, pin: 'not-the-pin' });
    expect(attempt).toThrow(/Logging in to the HSM token wrong-pin failed: CKR_PIN_INCORRECT/);
    expect(attempt).not.toThrow(/not-the-pin/);
  });

  it('reports a token that is not there as unavailable', () => {
    expect(() => open({ ...token, tokenLabel: 'nowhere' })).toThrow(new KeystoreUnavailableError('The HSM token nowhere is not available'));
  });

  it('answers KeystoreUnavailableError while its token is gone, and works again once it is back', async () => {
    const removable = createSoftHsmToken('removable');
    const keystore = open(removable);
    const key = await generated(keystore, 'AES_128', true);
    const data = randomBytes(16);
    const before = await keystore.encryptEcb(key, data);
    const backup = mkdtempSync(join(tmpdir(), 'keydeck-token-backup-'));
    try {
      cpSync(removable.directory, backup, { recursive: true });
      removable.remove();
      const unavailable = new KeystoreUnavailableError('The HSM token removable is not available');
      await expect(keystore.encryptEcb(key, data)).rejects.toThrow(unavailable);
      await expect(keystore.encryptEcb(key, data)).rejects.toBeInstanceOf(KeystoreUnavailableError);
      await expect(keystore.cmac(key, data)).rejects.toThrow(unavailable);
      await expect(keystore.withClear(key, () => 1)).rejects.toThrow(unavailable);
      await expect(keystore.generate(newKey('AES_128', false))).rejects.toThrow(unavailable);
      await expect(keystore.destroy(key)).rejects.toThrow(unavailable);
      cpSync(backup, removable.directory, { recursive: true });
      expect((await keystore.encryptEcb(key, data)).equals(before)).toBe(true);
    } finally {
      rmSync(backup, { recursive: true, force: true });
    }
  });
});

describe('the keystore master key', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'keydeck-master-key-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is generated at first start into DATA_DIR/keystore-master.key, readable by the owner only, and reused', () => {
    const dir = join(dataDir, 'first-start');
    const key = loadMasterKey(undefined, dir);
    const path = join(dir, MASTER_KEY_FILE);
    expect(key).toHaveLength(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toBe(key.toString('base64url'));
    expect(loadMasterKey(undefined, dir).equals(key)).toBe(true);
  });

  it('is the configured value when there is one, whatever the file holds', () => {
    const dir = join(dataDir, 'configured');
    const configured = randomBytes(32);
    expect(loadMasterKey(configured.toString('base64url'), dir).equals(configured)).toBe(true);
    expect(existsSync(join(dir, MASTER_KEY_FILE))).toBe(false);
    const generatedKey = loadMasterKey(undefined, dir);
    expect(loadMasterKey(configured.toString('base64url'), dir).equals(configured)).toBe(true);
    expect(generatedKey.equals(configured)).toBe(false);
  });

  it('refuses a file that does not hold a 32-byte key', () => {
    const dir = mkdtempSync(join(dataDir, 'truncated-'));
    writeFileSync(join(dir, MASTER_KEY_FILE), randomBytes(16).toString('base64url'));
    expect(() => loadMasterKey(undefined, dir)).toThrow('is not a 32-byte base64url key');
  });

  it('is a file of its own, apart from the audit key', () => {
    const dir = join(dataDir, 'both');
    const master = loadMasterKey(undefined, dir);
    const audit = loadAuditKey(undefined, dir);
    expect(readFileSync(join(dir, 'audit.key'), 'utf8')).toBe(audit.toString('base64url'));
    expect(audit.equals(master)).toBe(false);
  });
});
