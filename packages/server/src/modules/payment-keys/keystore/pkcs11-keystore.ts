import { createDecipheriv, randomBytes } from 'node:crypto';
import pkcs11js from 'pkcs11js';
import type { PKCS11, Template } from 'pkcs11js';
import {
  KEY_BYTES, KeyNotExportableError, KeystoreUnavailableError, KeystoreUnsupportedError, isTdes,
  type KeyAlgorithm, type KeyHandle, type Keystore,
} from '../../../platform/keystore.ts';

export type Pkcs11Options = { library: string; tokenLabel: string; pin: string };

type Handle = Buffer;
type Session = { slot: Handle; handle: Handle };
type KeyIdentity = Omit<KeyHandle, 'ref'>;

const {
  CKA_CLASS, CKA_DECRYPT, CKA_DERIVE, CKA_ENCRYPT, CKA_EXTRACTABLE, CKA_ID, CKA_KEY_TYPE, CKA_LABEL, CKA_PRIVATE, CKA_SENSITIVE,
  CKA_SIGN, CKA_TOKEN, CKA_UNWRAP, CKA_VALUE, CKA_VALUE_LEN, CKA_VERIFY, CKA_WRAP,
  CKF_RW_SESSION, CKF_SERIAL_SESSION, CKK_AES, CKK_DES2, CKK_DES3, CKO_SECRET_KEY, CKU_USER,
  CKM_AES_CMAC, CKM_AES_ECB, CKM_AES_KEY_GEN, CKM_AES_KEY_WRAP_PAD, CKM_DES2_KEY_GEN, CKM_DES3_CMAC, CKM_DES3_ECB, CKM_DES3_KEY_GEN,
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
 * until it is back, the keystore opening a new session on the next call.
 */
export function createPkcs11Keystore(options: Pkcs11Options): Keystore {
  const { tokenLabel } = options;
  const library = acquireLibrary(options.library);
  const p11 = library.module;
  let session: Session | null = null;
  let closed = false;

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

  const findKey = (s: Handle, key: KeyHandle): Handle => {
    const found = findObjects(s, idOf(key));
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

  const idOf = (key: KeyHandle): Buffer => {
    const separator = key.ref.lastIndexOf(':');
    const [scheme, label, id] = [key.ref.slice(0, 'pkcs11:'.length), key.ref.slice('pkcs11:'.length, separator), key.ref.slice(separator + 1)];
    if (scheme !== 'pkcs11:' || label !== tokenLabel || id !== Buffer.from(key.id, 'utf8').toString('hex')) {
      throw new Error(`Key ${key.id}: its reference ${key.ref} is not this key on the HSM token ${tokenLabel}`);
    }
    return Buffer.from(id, 'hex');
  };

  const findObjects = (s: Handle, id: Buffer): Handle[] => {
    p11.C_FindObjectsInit(s, [{ type: CKA_CLASS, value: CKO_SECRET_KEY }, { type: CKA_TOKEN, value: true }, { type: CKA_ID, value: id }]);
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

  const create = (key: KeyIdentity, make: (s: Handle) => void): string => {
    if (!key.id) throw new Error('A key needs an id');
    return run((s) => {
      if (findObjects(s, Buffer.from(key.id, 'utf8')).length) throw new Error(`Key ${key.id} is already on the HSM token ${tokenLabel}`);
      make(s);
      return `pkcs11:${tokenLabel}:${Buffer.from(key.id, 'utf8').toString('hex')}`;
    });
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
      return create(key, (s) => p11.C_GenerateKey(s, { mechanism: KEY_GEN[key.algorithm] }, template));
    },
    async importClear(key, clear) {
      try {
        if (clear.length !== KEY_BYTES[key.algorithm]) throw new Error(`Key ${key.id}: a ${key.algorithm} key has ${KEY_BYTES[key.algorithm]} bytes`);
        return create(key, (s) => p11.C_CreateObject(s, [...keyTemplate(key), { type: CKA_VALUE, value: clear }]));
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
      if (!key.exportable) {
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
    withClear,
    async destroy(key) {
      const id = idOf(key);
      run((s) => {
        const found = findObjects(s, id);
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
