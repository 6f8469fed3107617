import { createDecipheriv, createHash, createPublicKey, randomBytes } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import pkcs11js from 'pkcs11js';
import type { PKCS11, Template } from 'pkcs11js';
import {
  KEY_BYTES, KEY_PAIR_SPECS, KeyNotExportableError, KeystoreUnavailableError, KeystoreUnsupportedError, isKeyPair, isTdes,
  type DigestAlgorithm, type KeyAlgorithm, type KeyHandle, type KeyPairHandle, type Keystore,
} from '../../../platform/keystore.ts';

export type Pkcs11Options = { library: string; tokenLabel: string; pin: string };

type Handle = Buffer;
type Session = { slot: Handle; handle: Handle };
type KeyIdentity = Omit<KeyHandle, 'ref'>;

const {
  CKA_CLASS, CKA_DECRYPT, CKA_DERIVE, CKA_ENCRYPT, CKA_EXTRACTABLE, CKA_ID, CKA_KEY_TYPE, CKA_LABEL, CKA_PRIVATE, CKA_SENSITIVE,
  CKA_SIGN, CKA_TOKEN, CKA_UNWRAP, CKA_VALUE, CKA_VALUE_LEN, CKA_VERIFY, CKA_WRAP,
  CKA_EC_PARAMS, CKA_EC_POINT, CKA_MODULUS, CKA_MODULUS_BITS, CKA_PUBLIC_EXPONENT,
  CKF_RW_SESSION, CKF_SERIAL_SESSION, CKK_AES, CKK_DES2, CKK_DES3, CKK_EC, CKK_RSA, CKO_PRIVATE_KEY, CKO_PUBLIC_KEY, CKO_SECRET_KEY, CKU_USER,
  CKM_AES_CMAC, CKM_AES_ECB, CKM_AES_KEY_GEN, CKM_AES_KEY_WRAP_PAD, CKM_DES2_KEY_GEN, CKM_DES3_CMAC, CKM_DES3_ECB, CKM_DES3_KEY_GEN,
  CKM_EC_KEY_PAIR_GEN, CKM_ECDSA, CKM_RSA_PKCS_KEY_PAIR_GEN, CKM_SHA256_RSA_PKCS, CKM_SHA384_RSA_PKCS,
  CKR_CRYPTOKI_ALREADY_INITIALIZED, CKR_USER_ALREADY_LOGGED_IN,
} = pkcs11js;

/** Return values that mean the token (or our session on it) went away: the next call opens a new session. */
const GONE = new Set([
  pkcs11js.CKR_TOKEN_NOT_PRESENT, pkcs11js.CKR_TOKEN_NOT_RECOGNIZED, pkcs11js.CKR_DEVICE_REMOVED, pkcs11js.CKR_DEVICE_ERROR,
  pkcs11js.CKR_SESSION_HANDLE_INVALID, pkcs11js.CKR_SESSION_CLOSED, pkcs11js.CKR_SLOT_ID_INVALID, pkcs11js.CKR_CRYPTOKI_NOT_INITIALIZED,
  pkcs11js.CKR_USER_NOT_LOGGED_IN,
]);

const KEY_TYPE: Record<KeyAlgorithm, number> = { TDES_2KEY: CKK_DES2, TDES_3KEY: CKK_DES3, AES_128: CKK_AES, AES_192: CKK_AES, AES_256: CKK_AES };
const KEY_GEN: Record<KeyAlgorithm, number> = {
  TDES_2KEY: CKM_DES2_KEY_GEN, TDES_3KEY: CKM_DES3_KEY_GEN, AES_128: CKM_AES_KEY_GEN, AES_192: CKM_AES_KEY_GEN, AES_256: CKM_AES_KEY_GEN,
};
/**
 * CKA_EC_PARAMS of the curves: the DER of each curve's object identifier (RFC 5480: prime256v1 1.2.840.10045.3.1.7,
 * secp384r1 1.3.132.0.34), the values PKCS#11 documents for named curves.
 */
const EC_PARAMS = { 'P-256': Buffer.from('06082a8648ce3d030107', 'hex'), 'P-384': Buffer.from('06052b81040022', 'hex') } as const;
const RSA_SIGN: Record<DigestAlgorithm, number> = { 'SHA-256': CKM_SHA256_RSA_PKCS, 'SHA-384': CKM_SHA384_RSA_PKCS };
/** RFC 5649's alternative initial value (AES key wrap with padding). */
const WRAP_PAD_IV = Buffer.from('a65959a6', 'hex');

/**
 * One loaded PKCS#11 library per path in this process: C_Initialize and C_Finalize are process-wide, so keystores
 * on one library share it and the last one to close finalizes it.
 */
const libraries = new Map<string, { module: PKCS11; users: number }>();

function acquireLibrary(path: string): { module: PKCS11; users: number } {
  let library = libraries.get(path);
  if (!library) {
    const module = new pkcs11js.PKCS11();
    module.load(path);
    initialize(module);
    library = { module, users: 0 };
    libraries.set(path, library);
  }
  library.users++;
  return library;
}

function releaseLibrary(path: string): void {
  const library = libraries.get(path);
  if (!library || --library.users > 0) return;
  libraries.delete(path);
  ignoringErrors(() => library.module.C_Finalize());
  ignoringErrors(() => library.module.close());
}

function initialize(module: PKCS11): void {
  try {
    module.C_Initialize();
  } catch (error) {
    if (returnValue(error) !== CKR_CRYPTOKI_ALREADY_INITIALIZED) throw error;
  }
}

/** A big-endian unsigned integer without leading zero bytes, as JWK wants it. */
function unsigned(value: Buffer): Buffer {
  let start = 0;
  while (start < value.length - 1 && value[start] === 0) start++;
  return value.subarray(start);
}

/**
 * CKA_EC_POINT is the DER OCTET STRING of the uncompressed point (PKCS#11 2.40); some tokens answer the bare point.
 * Answers 04 || X || Y.
 */
function ecPoint(value: Buffer, bytes: number): Buffer {
  const size = 1 + 2 * bytes;
  const point = value.length === size && value[0] === 4 ? value : Buffer.from(AsnConvert.parse(value, OctetString).buffer);
  if (point.length !== size || point[0] !== 4) throw new Error('The HSM token answered an EC point that is not an uncompressed point of the curve');
  return point;
}

function returnValue(error: unknown): number | undefined {
  return error instanceof pkcs11js.Pkcs11Error ? error.code : undefined;
}

function ignoringErrors(work: () => void): void {
  try {
    work();
  } catch {
    // Already gone.
  }
}

/**
 * Keys as objects on a PKCS#11 token (an HSM; SoftHSM2 in tests): sensitive, and not extractable unless created
 * exportable. Operations run on the token; a token that goes away makes calls fail with KeystoreUnavailableError
 * until it is back, the keystore opening a new session on the next call. A key pair (a CA's) keeps only its private
 * key on the token, sensitive and never extractable; its public key is read back as SPKI and not kept there.
 */
export function createPkcs11Keystore(options: Pkcs11Options): Keystore {
  const { tokenLabel } = options;
  const library = acquireLibrary(options.library);
  const p11 = library.module;
  let session: Session | null = null;
  let closed = false;
  /**
   * The token's objects by class and id, read in one pass when a key is not known yet: SoftHSM2 answers each search
   * by reading every object on the token (about 110 ms at 10,000 keys), a handle's attribute in microseconds. A
   * handle is checked on use (its CKA_ID read back), so an object another process destroyed, a reused handle, or a
   * key another process made is read again.
   */
  const handles = new Map<string, Handle | 'repeated'>();
  /** The object classes read into handles this session. */
  const indexed = new Set<number>();

  const unavailable = (cause?: unknown) => new KeystoreUnavailableError(`The HSM token ${tokenLabel} is not available`, { cause });

  const labelOf = (slot: Handle): string | undefined => {
    try {
      return p11.C_GetTokenInfo(slot).label.trim();
    } catch {
      return undefined; // A token going away (SoftHSM2: CKR_GENERAL_ERROR).
    }
  };

  const findSlot = (): Handle | undefined => {
    const slots = p11.C_GetSlotList(true).filter((slot) => labelOf(slot) === tokenLabel);
    if (slots.length > 1) throw new Error(`More than one PKCS#11 token is labelled ${tokenLabel}`);
    return slots[0];
  };

  const open = (): Session => {
    let slot = findSlot();
    // A token that came back (or was added) shows only after re-initialising the library, which only a keystore
    // alone on it may do.
    if (!slot && library.users === 1) {
      ignoringErrors(() => p11.C_Finalize());
      initialize(p11);
      slot = findSlot();
    }
    if (!slot) throw unavailable();
    const handle = p11.C_OpenSession(slot, CKF_SERIAL_SESSION | CKF_RW_SESSION);
    try {
      p11.C_Login(handle, CKU_USER, options.pin);
    } catch (error) {
      if (returnValue(error) !== CKR_USER_ALREADY_LOGGED_IN) {
        ignoringErrors(() => p11.C_CloseSession(handle));
        if (GONE.has(returnValue(error) ?? 0)) throw unavailable(error);
        throw new Error(`Logging in to the HSM token ${tokenLabel} failed: ${(error as Error).message}`, { cause: error });
      }
    }
    return { slot, handle };
  };

  const tokenPresent = (s: Session): boolean => labelOf(s.slot) === tokenLabel;

  const drop = (s: Session): void => {
    handles.clear();
    indexed.clear();
    ignoringErrors(() => p11.C_CloseSession(s.handle));
    if (session === s) session = null;
  };

  /** Runs one operation on the session; any failure on a token that is gone becomes KeystoreUnavailableError. */
  const run = <T>(operation: (s: Handle) => T): T => {
    if (closed) throw new Error('The keystore is closed');
    if (!session) {
      try {
        session = open();
      } catch (error) {
        if (error instanceof KeystoreUnavailableError || !GONE.has(returnValue(error) ?? 0)) throw error;
        throw unavailable(error);
      }
    }
    const s = session;
    try {
      return operation(s.handle);
    } catch (error) {
      // SoftHSM2 answers for a removed token with "no such object" or CKR_GENERAL_ERROR: ask the token itself.
      if (GONE.has(returnValue(error) ?? 0) || !tokenPresent(s)) {
        drop(s);
        throw unavailable(error);
      }
      throw error;
    }
  };

  /** Every token object of the class into handles, by id; an id on two objects is searched for each time. */
  const indexObjects = (s: Handle, objectClass: number): void => {
    indexed.add(objectClass);
    p11.C_FindObjectsInit(s, [{ type: CKA_CLASS, value: objectClass }, { type: CKA_TOKEN, value: true }]);
    try {
      for (let batch = p11.C_FindObjects(s, 1_000); batch.length > 0; batch = p11.C_FindObjects(s, 1_000)) {
        for (const object of batch) {
          const cacheKey = `${objectClass}:${attribute(s, object, CKA_ID).toString('hex')}`;
          handles.set(cacheKey, handles.has(cacheKey) ? 'repeated' : object);
        }
      }
    } finally {
      p11.C_FindObjectsFinal(s);
    }
  };

  /**
   * Whether a secret or private key with the id is on the token, from the index read once a session (not a search
   * per key made: ids are fresh UUIDs, and what this keystore makes goes into the index).
   */
  const onToken = (s: Handle, id: Buffer): boolean =>
    [CKO_SECRET_KEY, CKO_PRIVATE_KEY].some((objectClass) => {
      if (!indexed.has(objectClass)) indexObjects(s, objectClass);
      return handles.has(`${objectClass}:${id.toString('hex')}`);
    });

  /** A key this keystore just made goes into the index, so its first use needs no search. */
  const remember = (key: { id: string }, objectClass: number, object: Handle): void => {
    if (session) handles.set(`${objectClass}:${Buffer.from(key.id, 'utf8').toString('hex')}`, object);
  };

  /** The objects with the id and class: from this session's index when still true, else read again. */
  const findOne = (s: Handle, id: Buffer, objectClass: number): Handle[] => {
    const cacheKey = `${objectClass}:${id.toString('hex')}`;
    const known = () => {
      const handle = handles.get(cacheKey);
      if (handle === undefined || handle === 'repeated') return handle;
      try {
        return attribute(s, handle, CKA_ID).equals(id) ? handle : undefined;
      } catch {
        return undefined; // Destroyed since.
      }
    };
    let handle = known();
    if (handle === undefined) {
      for (const key of [...handles.keys()]) if (key.startsWith(`${objectClass}:`)) handles.delete(key);
      indexObjects(s, objectClass);
      handle = known();
    }
    if (handle === 'repeated') return findObjects(s, id, objectClass);
    return handle === undefined ? [] : [handle];
  };

  const findKey = (s: Handle, key: KeyHandle): Handle => {
    const found = findOne(s, idOf(key), CKO_SECRET_KEY);
    if (found.length !== 1) throw new Error(found.length ? `Key ${key.id} is on the HSM token more than once` : `Key ${key.id} is not on the HSM token ${tokenLabel}`);
    const object = found[0]!;
    const number = (attribute: number) => {
      const value = p11.C_GetAttributeValue(s, object, [{ type: attribute }])[0]?.value ?? Buffer.alloc(0);
      return value.length ? value.readUIntLE(0, Math.min(value.length, 6)) : -1;
    };
    if (number(CKA_KEY_TYPE) !== KEY_TYPE[key.algorithm] || (!isTdes(key.algorithm) && number(CKA_VALUE_LEN) !== KEY_BYTES[key.algorithm])) {
      throw new Error(`Key ${key.id} on the HSM token is not a ${key.algorithm} key`);
    }
    return object;
  };

  const idOf = (key: KeyHandle | KeyPairHandle): Buffer => {
    const separator = key.ref.lastIndexOf(':');
    const [scheme, label, id] = [key.ref.slice(0, 'pkcs11:'.length), key.ref.slice('pkcs11:'.length, separator), key.ref.slice(separator + 1)];
    if (scheme !== 'pkcs11:' || label !== tokenLabel || id !== Buffer.from(key.id, 'utf8').toString('hex')) {
      throw new Error(`Key ${key.id}: its reference ${key.ref} is not this key on the HSM token ${tokenLabel}`);
    }
    return Buffer.from(id, 'hex');
  };

  /** The token objects with the id, of one class (secret keys unless told), or of every class (null). */
  const findObjects = (s: Handle, id: Buffer, objectClass: number | null = CKO_SECRET_KEY): Handle[] => {
    const byClass = objectClass === null ? [] : [{ type: CKA_CLASS, value: objectClass }];
    p11.C_FindObjectsInit(s, [...byClass, { type: CKA_TOKEN, value: true }, { type: CKA_ID, value: id }]);
    try {
      return p11.C_FindObjects(s, 2);
    } finally {
      p11.C_FindObjectsFinal(s);
    }
  };

  const keyTemplate = (key: KeyIdentity): Template => [
    { type: CKA_CLASS, value: CKO_SECRET_KEY },
    { type: CKA_KEY_TYPE, value: KEY_TYPE[key.algorithm] },
    { type: CKA_TOKEN, value: true },
    { type: CKA_PRIVATE, value: true },
    { type: CKA_SENSITIVE, value: true },
    { type: CKA_EXTRACTABLE, value: key.exportable },
    { type: CKA_ID, value: Buffer.from(key.id, 'utf8') },
    { type: CKA_LABEL, value: key.id },
    { type: CKA_ENCRYPT, value: true },
    { type: CKA_SIGN, value: true },
    { type: CKA_DECRYPT, value: false },
    { type: CKA_VERIFY, value: false },
    { type: CKA_WRAP, value: false },
    { type: CKA_UNWRAP, value: false },
    { type: CKA_DERIVE, value: false },
  ];

  try {
    session = open();
  } catch (error) {
    releaseLibrary(options.library);
    throw error instanceof KeystoreUnavailableError || !GONE.has(returnValue(error) ?? 0) ? error : unavailable(error);
  }

  const create = <T = void>(key: { id: string }, make: (s: Handle) => T): { ref: string; made: T } => {
    if (!key.id) throw new Error('A key needs an id');
    return run((s) => {
      if (onToken(s, Buffer.from(key.id, 'utf8'))) throw new Error(`Key ${key.id} is already on the HSM token ${tokenLabel}`);
      const made = make(s);
      return { ref: `pkcs11:${tokenLabel}:${Buffer.from(key.id, 'utf8').toString('hex')}`, made };
    });
  };

  const attribute = (s: Handle, object: Handle, type: number): Buffer => p11.C_GetAttributeValue(s, object, [{ type }])[0]?.value ?? Buffer.alloc(0);

  /** The private key of a pair on the token, checked to be of the handle's algorithm. */
  const findPrivateKey = (s: Handle, key: KeyPairHandle): Handle => {
    const found = findOne(s, idOf(key), CKO_PRIVATE_KEY);
    if (found.length !== 1) throw new Error(found.length ? `Key ${key.id} is on the HSM token more than once` : `Key ${key.id} is not on the HSM token ${tokenLabel}`);
    const object = found[0]!;
    const spec = KEY_PAIR_SPECS[key.algorithm];
    const keyType = attribute(s, object, CKA_KEY_TYPE);
    const matches = spec.type === 'rsa'
      ? keyType.length > 0 && keyType.readUIntLE(0, Math.min(keyType.length, 6)) === CKK_RSA && unsigned(attribute(s, object, CKA_MODULUS)).length * 8 === spec.bits
      : keyType.length > 0 && keyType.readUIntLE(0, Math.min(keyType.length, 6)) === CKK_EC && attribute(s, object, CKA_EC_PARAMS).equals(EC_PARAMS[spec.curve]);
    if (!matches) throw new Error(`Key ${key.id} on the HSM token is not a ${key.algorithm} key`);
    return object;
  };

  /** The public key of a pair as DER SubjectPublicKeyInfo, from the token object's attributes (by way of a JWK). */
  const spkiOf = (s: Handle, publicKey: Handle, key: Omit<KeyPairHandle, 'ref'>): Buffer => {
    const spec = KEY_PAIR_SPECS[key.algorithm];
    if (spec.type === 'rsa') {
      const n = unsigned(attribute(s, publicKey, CKA_MODULUS));
      const e = unsigned(attribute(s, publicKey, CKA_PUBLIC_EXPONENT));
      return createPublicKey({ key: { kty: 'RSA', n: n.toString('base64url'), e: e.toString('base64url') }, format: 'jwk' }).export({ type: 'spki', format: 'der' });
    }
    const point = ecPoint(attribute(s, publicKey, CKA_EC_POINT), spec.bytes);
    return createPublicKey({
      key: { kty: 'EC', crv: spec.curve, x: point.subarray(1, 1 + spec.bytes).toString('base64url'), y: point.subarray(1 + spec.bytes).toString('base64url') },
      format: 'jwk',
    }).export({ type: 'spki', format: 'der' });
  };

  const encryptWith = (s: Handle, algorithm: KeyAlgorithm, object: Handle, data: Buffer): Buffer => {
    p11.C_EncryptInit(s, { mechanism: isTdes(algorithm) ? CKM_DES3_ECB : CKM_AES_ECB }, object);
    return Buffer.from(p11.C_Encrypt(s, data, Buffer.alloc(data.length)));
  };

  /** The key's value, wrapped on the token under a session key we made and unwrapped here; the caller zeroes it. */
  const extract = (s: Handle, key: KeyHandle): Buffer => {
    const object = findKey(s, key);
    const kek = randomBytes(32);
    let wrapped: Buffer | undefined;
    try {
      const wrappingKey = p11.C_CreateObject(s, [
        { type: CKA_CLASS, value: CKO_SECRET_KEY }, { type: CKA_KEY_TYPE, value: CKK_AES }, { type: CKA_TOKEN, value: false },
        { type: CKA_PRIVATE, value: true }, { type: CKA_SENSITIVE, value: true }, { type: CKA_EXTRACTABLE, value: false },
        { type: CKA_WRAP, value: true }, { type: CKA_VALUE, value: kek },
      ]);
      try {
        wrapped = Buffer.from(p11.C_WrapKey(s, { mechanism: CKM_AES_KEY_WRAP_PAD }, wrappingKey, object, Buffer.alloc(KEY_BYTES[key.algorithm] + 16)));
      } finally {
        p11.C_DestroyObject(s, wrappingKey);
      }
      const decipher = createDecipheriv('id-aes256-wrap-pad', kek, WRAP_PAD_IV);
      const head = decipher.update(wrapped);
      const tail = decipher.final();
      const clear = Buffer.concat([head, tail]);
      head.fill(0);
      tail.fill(0);
      if (clear.length !== KEY_BYTES[key.algorithm]) {
        clear.fill(0);
        throw new Error(`Key ${key.id} on the HSM token is not a ${key.algorithm} key`);
      }
      return clear;
    } finally {
      kek.fill(0);
      wrapped?.fill(0);
    }
  };

  /** A variant is made from the key's value here (see encryptEcb), so only an exportable key takes one. */
  const canApplyVariant = (key: KeyHandle): boolean => key.exportable;

  async function withClear<T>(key: KeyHandle, work: (clear: Buffer) => T | Promise<T>): Promise<T> {
    if (!key.exportable) throw new KeyNotExportableError(key.id);
    const clear = run((s) => extract(s, key));
    try {
      return await work(clear);
    } finally {
      clear.fill(0);
    }
  }

  return {
    kind: 'pkcs11',
    async generate(key) {
      const template = keyTemplate(key);
      if (!isTdes(key.algorithm)) template.push({ type: CKA_VALUE_LEN, value: KEY_BYTES[key.algorithm] });
      return create(key, (s) => remember(key, CKO_SECRET_KEY, p11.C_GenerateKey(s, { mechanism: KEY_GEN[key.algorithm] }, template))).ref;
    },
    async importClear(key, clear) {
      try {
        if (clear.length !== KEY_BYTES[key.algorithm]) throw new Error(`Key ${key.id}: a ${key.algorithm} key has ${KEY_BYTES[key.algorithm]} bytes`);
        return create(key, (s) => remember(key, CKO_SECRET_KEY, p11.C_CreateObject(s, [...keyTemplate(key), { type: CKA_VALUE, value: clear }]))).ref;
      } finally {
        clear.fill(0);
      }
    },
    async encryptEcb(key, data, variant) {
      const block = isTdes(key.algorithm) ? 8 : 16;
      if (data.length === 0 || data.length % block !== 0) throw new Error(`ECB data must be whole ${block}-byte blocks`);
      if (!variant) return run((s) => encryptWith(s, key.algorithm, findKey(s, key), data));
      if (variant.length !== KEY_BYTES[key.algorithm]) throw new Error(`A variant of key ${key.id} must have its length`);
      // CKM_XOR_BASE_AND_DATA would derive the variant on the token, but SoftHSM2 lacks it and pkcs11js cannot pass
      // its parameter (a pointer): an exportable key's variant is made here and used as a session object.
      if (!canApplyVariant(key)) {
        throw new KeystoreUnsupportedError(`The HSM token ${tokenLabel} cannot apply a variant to key ${key.id}, which is not exportable`);
      }
      return withClear(key, (clear) => {
        for (let i = 0; i < clear.length; i++) clear[i]! ^= variant[i]!;
        return run((s) => {
          const object = p11.C_CreateObject(s, [
            { type: CKA_CLASS, value: CKO_SECRET_KEY }, { type: CKA_KEY_TYPE, value: KEY_TYPE[key.algorithm] }, { type: CKA_TOKEN, value: false },
            { type: CKA_PRIVATE, value: true }, { type: CKA_SENSITIVE, value: true }, { type: CKA_EXTRACTABLE, value: false },
            { type: CKA_ENCRYPT, value: true }, { type: CKA_VALUE, value: clear },
          ]);
          try {
            return encryptWith(s, key.algorithm, object, data);
          } finally {
            p11.C_DestroyObject(s, object);
          }
        });
      });
    },
    async cmac(key, data) {
      return run((s) => {
        p11.C_SignInit(s, { mechanism: isTdes(key.algorithm) ? CKM_DES3_CMAC : CKM_AES_CMAC }, findKey(s, key));
        return Buffer.from(p11.C_Sign(s, data, Buffer.alloc(16)));
      });
    },
    canApplyVariant,
    withClear,
    async generateKeyPair(key) {
      const spec = KEY_PAIR_SPECS[key.algorithm];
      const id = Buffer.from(key.id, 'utf8');
      // The public key is a session object, read and dropped: the caller keeps it (in the certificate).
      const publicTemplate: Template = [
        { type: CKA_CLASS, value: CKO_PUBLIC_KEY },
        { type: CKA_KEY_TYPE, value: spec.type === 'rsa' ? CKK_RSA : CKK_EC },
        { type: CKA_TOKEN, value: false },
        { type: CKA_VERIFY, value: true },
        { type: CKA_ENCRYPT, value: false },
        { type: CKA_WRAP, value: false },
        { type: CKA_ID, value: id },
        ...(spec.type === 'rsa'
          ? [{ type: CKA_MODULUS_BITS, value: spec.bits }, { type: CKA_PUBLIC_EXPONENT, value: Buffer.from([1, 0, 1]) }]
          : [{ type: CKA_EC_PARAMS, value: EC_PARAMS[spec.curve] }]),
      ];
      const privateTemplate: Template = [
        { type: CKA_CLASS, value: CKO_PRIVATE_KEY },
        { type: CKA_KEY_TYPE, value: spec.type === 'rsa' ? CKK_RSA : CKK_EC },
        { type: CKA_TOKEN, value: true },
        { type: CKA_PRIVATE, value: true },
        { type: CKA_SENSITIVE, value: true },
        { type: CKA_EXTRACTABLE, value: false },
        { type: CKA_ID, value: id },
        { type: CKA_LABEL, value: key.id },
        { type: CKA_SIGN, value: true },
        { type: CKA_DECRYPT, value: false },
        { type: CKA_UNWRAP, value: false },
        { type: CKA_DERIVE, value: false },
      ];
      const { ref, made } = create(key, (s) => {
        const pair = p11.C_GenerateKeyPair(s, { mechanism: spec.type === 'rsa' ? CKM_RSA_PKCS_KEY_PAIR_GEN : CKM_EC_KEY_PAIR_GEN }, publicTemplate, privateTemplate);
        try {
          const spki = spkiOf(s, pair.publicKey, key);
          remember(key, CKO_PRIVATE_KEY, pair.privateKey);
          return spki;
        } catch (error) {
          ignoringErrors(() => p11.C_DestroyObject(s, pair.privateKey));
          throw error;
        } finally {
          ignoringErrors(() => p11.C_DestroyObject(s, pair.publicKey));
        }
      });
      return { ref, publicKeySpki: made };
    },
    async sign(key, digest, data) {
      const spec = KEY_PAIR_SPECS[key.algorithm];
      return run((s) => {
        const object = findPrivateKey(s, key);
        if (spec.type === 'rsa') {
          p11.C_SignInit(s, { mechanism: RSA_SIGN[digest] }, object);
          return Buffer.from(p11.C_Sign(s, data, Buffer.alloc(spec.bits / 8)));
        }
        // CKM_ECDSA signs a digest the caller made (tokens differ in which CKM_ECDSA_SHAx they have).
        const hashed = createHash(digest === 'SHA-256' ? 'sha256' : 'sha384').update(data).digest();
        p11.C_SignInit(s, { mechanism: CKM_ECDSA }, object);
        return Buffer.from(p11.C_Sign(s, hashed, Buffer.alloc(2 * spec.bytes)));
      });
    },
    async destroy(key) {
      const id = idOf(key);
      run((s) => {
        // A key pair leaves its private key on the token (its public key was never kept there).
        const found = isKeyPair(key) ? findObjects(s, id, null) : findObjects(s, id);
        for (const cacheKey of [...handles.keys()]) if (cacheKey.endsWith(`:${id.toString('hex')}`)) handles.delete(cacheKey);
        // Nothing found is done, unless it is the token that is gone (run asks it when this throws).
        if (!found.length && session && !tokenPresent(session)) throw new Error(`The HSM token ${tokenLabel} does not answer`);
        for (const object of found) p11.C_DestroyObject(s, object);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      if (session) {
        const s = session;
        // Logging out is per application and token: only the library's last keystore does it.
        if (library.users === 1) ignoringErrors(() => p11.C_Logout(s.handle));
        drop(s);
      }
      releaseLibrary(options.library);
    },
  };
}
