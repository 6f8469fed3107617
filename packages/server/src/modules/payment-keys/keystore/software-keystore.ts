import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';
import { cmac, ecbEncrypt } from '../crypto/cmac.ts';
import { KEY_BYTES, KeyNotExportableError, isTdes, type KeyAlgorithm, type KeyHandle, type Keystore } from '../../../platform/keystore.ts';

const KEK_INFO = 'keydeck keystore kek v1';
const REF_VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

type KeyIdentity = Omit<KeyHandle, 'ref'>;

/**
 * Keys sealed under the platform master key: AES-256-GCM under a key-encryption key derived from it (HKDF-SHA256),
 * the key's identity as associated data, so a sealed blob copied onto another key's row (or with its exportable
 * flag flipped) does not open. A key is unsealed for one operation and its clear value zeroed straight after.
 */
export function createSoftwareKeystore(masterKey: Buffer): Keystore {
  if (masterKey.length !== 32) throw new Error('The keystore master key must be 32 bytes');
  const derived = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), KEK_INFO, 32));
  const kek: KeyObject = createSecretKey(derived);
  derived.fill(0);
  let closed = false;

  const seal = (key: KeyIdentity, clear: Buffer): string => {
    checkLength(key, clear);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', kek, iv);
    cipher.setAAD(associatedData(key));
    const ct = Buffer.concat([cipher.update(clear), cipher.final()]);
    return [REF_VERSION, iv, cipher.getAuthTag(), ct].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  };

  const unseal = (key: KeyHandle): Buffer => {
    if (closed) throw new Error('The keystore is closed');
    const [version, iv, tag, ct, ...rest] = key.ref.split('.').map((part, index) => (index === 0 ? part : Buffer.from(part, 'base64url')));
    if (version !== REF_VERSION || !(iv instanceof Buffer) || !(tag instanceof Buffer) || !(ct instanceof Buffer) || rest.length > 0 ||
      iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
      throw new Error(`Key ${key.id}: its stored form is not a sealed key`);
    }
    const decipher = createDecipheriv('aes-256-gcm', kek, iv);
    decipher.setAAD(associatedData(key));
    decipher.setAuthTag(tag);
    const head = decipher.update(ct);
    let tail: Buffer;
    try {
      tail = decipher.final();
    } catch {
      head.fill(0);
      throw new Error(`Key ${key.id}: its stored form does not open (sealed for another key or under another master key)`);
    }
    const clear = Buffer.concat([head, tail]);
    head.fill(0);
    tail.fill(0);
    try {
      checkLength(key, clear);
    } catch (error) {
      clear.fill(0);
      throw error;
    }
    return clear;
  };

  /** Unseals the key into a buffer of its own for one operation, zeroed when it settles. */
  async function withKey<T>(key: KeyHandle, work: (clear: Buffer) => T | Promise<T>): Promise<T> {
    const clear = unseal(key);
    try {
      return await work(clear);
    } finally {
      clear.fill(0);
    }
  }

  return {
    kind: 'software',
    async generate(key) {
      const clear = randomBytes(KEY_BYTES[key.algorithm]);
      try {
        if (isTdes(key.algorithm)) setOddParity(clear);
        return seal(key, clear);
      } finally {
        clear.fill(0);
      }
    },
    async importClear(key, clear) {
      try {
        return seal(key, clear);
      } finally {
        clear.fill(0);
      }
    },
    async encryptEcb(key, data, variant) {
      checkBlocks(key.algorithm, data);
      if (variant && variant.length !== KEY_BYTES[key.algorithm]) throw new Error(`A variant of key ${key.id} must have its length`);
      return withKey(key, (clear) => {
        if (variant) for (let i = 0; i < clear.length; i++) clear[i]! ^= variant[i]!;
        return ecbEncrypt(key.algorithm, clear, data);
      });
    },
    async cmac(key, data) {
      return withKey(key, (clear) => cmac(key.algorithm, clear, data));
    },
    async withClear(key, work) {
      if (!key.exportable) throw new KeyNotExportableError(key.id);
      return withKey(key, work);
    },
    async destroy() {
      // Nothing outside the row: deleting the row destroys the sealed key.
    },
    async close() {
      closed = true;
    },
  };
}

function associatedData(key: KeyIdentity): Buffer {
  return Buffer.from(`keydeck-key:v1:${key.id}:${key.algorithm}:${key.exportable}`, 'utf8');
}

function checkLength(key: KeyIdentity, clear: Buffer): void {
  if (clear.length !== KEY_BYTES[key.algorithm]) throw new Error(`Key ${key.id}: a ${key.algorithm} key has ${KEY_BYTES[key.algorithm]} bytes`);
}

function checkBlocks(algorithm: KeyAlgorithm, data: Buffer): void {
  const block = isTdes(algorithm) ? 8 : 16;
  if (data.length === 0 || data.length % block !== 0) throw new Error(`ECB data must be whole ${block}-byte blocks`);
}

/** DES keys carry odd parity in each byte's low bit, as HSMs generate them. */
function setOddParity(key: Buffer): void {
  for (let i = 0; i < key.length; i++) {
    let ones = 0;
    for (let bit = 1; bit < 256; bit <<= 1) if (key[i]! & bit & 0xfe) ones++;
    key[i] = (key[i]! & 0xfe) | (ones % 2 === 0 ? 1 : 0);
  }
}
