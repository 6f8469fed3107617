import {
  createCipheriv, createDecipheriv, createPrivateKey, createSecretKey, generateKeyPair, hkdfSync, randomBytes, sign as nodeSign, type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import { cmac, ecbEncrypt } from '../crypto/cmac.ts';
import {
  KEY_BYTES, KEY_PAIR_SPECS, KeyNotExportableError, isKeyPair, isTdes,
  type KeyAlgorithm, type KeyHandle, type KeyPairAlgorithm, type KeyPairHandle, type Keystore,
} from '../../../platform/keystore.ts';

const KEK_INFO = 'keydeck keystore kek v1';
const REF_VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

type KeyIdentity = Omit<KeyHandle, 'ref'>;
/** A private key is sealed as a key that is not exportable: the same associated data scheme. */
type SealedIdentity = KeyIdentity | { id: string; algorithm: KeyPairAlgorithm; exportable: false };

const generatePair = promisify(generateKeyPair);
const NODE_CURVE = { 'P-256': 'prime256v1', 'P-384': 'secp384r1' } as const;
const NODE_DIGEST = { 'SHA-256': 'sha256', 'SHA-384': 'sha384' } as const;

/**
 * Keys sealed under the platform master key: AES-256-GCM under a key-encryption key derived from it (HKDF-SHA256),
 * the key's identity as associated data, so a sealed blob copied onto another key's row (or with its exportable
 * flag flipped) does not open. A key is unsealed for one operation and its clear value zeroed straight after.
 * A key pair's private key is sealed the same way, as PKCS#8 DER; its public key is the caller's to keep.
 */
export function createSoftwareKeystore(masterKey: Buffer): Keystore {
  if (masterKey.length !== 32) throw new Error('The keystore master key must be 32 bytes');
  const derived = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), KEK_INFO, 32));
  const kek: KeyObject = createSecretKey(derived);
  derived.fill(0);
  let closed = false;

  const seal = (key: SealedIdentity, clear: Buffer): string => {
    if (!(key.algorithm in KEY_PAIR_SPECS)) checkLength(key as KeyIdentity, clear);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', kek, iv);
    cipher.setAAD(associatedData(key));
    const ct = Buffer.concat([cipher.update(clear), cipher.final()]);
    return [REF_VERSION, iv, cipher.getAuthTag(), ct].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  };

  const unseal = (key: KeyHandle | KeyPairHandle): Buffer => {
    if (closed) throw new Error('The keystore is closed');
    const [version, iv, tag, ct, ...rest] = key.ref.split('.').map((part, index) => (index === 0 ? part : Buffer.from(part, 'base64url')));
    if (version !== REF_VERSION || !(iv instanceof Buffer) || !(tag instanceof Buffer) || !(ct instanceof Buffer) || rest.length > 0 ||
      iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
      throw new Error(`Key ${key.id}: its stored form is not a sealed key`);
    }
    const decipher = createDecipheriv('aes-256-gcm', kek, iv);
    decipher.setAAD(associatedData(isKeyPair(key) ? { ...key, exportable: false } : key));
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
    if (isKeyPair(key)) return clear;
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
    canApplyVariant() {
      return true;
    },
    async cmac(key, data) {
      return withKey(key, (clear) => cmac(key.algorithm, clear, data));
    },
    async withClear(key, work) {
      if (!key.exportable) throw new KeyNotExportableError(key.id);
      return withKey(key, work);
    },
    async generateKeyPair(key) {
      const spec = KEY_PAIR_SPECS[key.algorithm];
      // Off the event loop: an RSA 4096 key takes a while.
      const pair = spec.type === 'rsa'
        ? await generatePair('rsa', { modulusLength: spec.bits, publicExponent: 0x10001 })
        : await generatePair('ec', { namedCurve: NODE_CURVE[spec.curve] });
      const pkcs8 = pair.privateKey.export({ type: 'pkcs8', format: 'der' });
      try {
        return { ref: seal({ ...key, exportable: false }, pkcs8), publicKeySpki: pair.publicKey.export({ type: 'spki', format: 'der' }) };
      } finally {
        pkcs8.fill(0);
      }
    },
    async sign(key, digest, data) {
      const pkcs8 = unseal(key);
      let privateKey: KeyObject;
      try {
        privateKey = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
      } finally {
        pkcs8.fill(0);
      }
      checkKeyPair(key, privateKey);
      const ec = KEY_PAIR_SPECS[key.algorithm].type === 'ec';
      return nodeSign(NODE_DIGEST[digest], data, ec ? { key: privateKey, dsaEncoding: 'ieee-p1363' } : privateKey);
    },
    async destroy() {
      // Nothing outside the row: deleting the row destroys the sealed key.
    },
    async close() {
      closed = true;
    },
  };
}

function associatedData(key: SealedIdentity): Buffer {
  return Buffer.from(`keydeck-key:v1:${key.id}:${key.algorithm}:${key.exportable}`, 'utf8');
}

function checkLength(key: KeyIdentity, clear: Buffer): void {
  if (clear.length !== KEY_BYTES[key.algorithm]) throw new Error(`Key ${key.id}: a ${key.algorithm} key has ${KEY_BYTES[key.algorithm]} bytes`);
}

/** The unsealed private key is of the algorithm its row says (a sealed blob opens only for its own id and algorithm). */
function checkKeyPair(key: KeyPairHandle, privateKey: KeyObject): void {
  const spec = KEY_PAIR_SPECS[key.algorithm];
  const details = privateKey.asymmetricKeyDetails;
  const matches = spec.type === 'rsa'
    ? privateKey.asymmetricKeyType === 'rsa' && details?.modulusLength === spec.bits
    : privateKey.asymmetricKeyType === 'ec' && details?.namedCurve === NODE_CURVE[spec.curve];
  if (!matches) throw new Error(`Key ${key.id}: its stored form is not a ${key.algorithm} key`);
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
