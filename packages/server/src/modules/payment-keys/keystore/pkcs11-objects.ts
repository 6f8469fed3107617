import pkcs11js from 'pkcs11js';
import type { KeyHandle, KeyPairHandle } from '../../../platform/keystore.ts';
import type { Handle } from './pkcs11-library.ts';
import type { TokenSession } from './pkcs11-session.ts';

const { CKA_CLASS, CKA_ID, CKA_TOKEN, CKO_PRIVATE_KEY, CKO_SECRET_KEY } = pkcs11js;

/**
 * The token's objects by class and id, read in one pass when a key is not known yet: SoftHSM2 answers each search
 * by reading every object on the token (about 110 ms at 10,000 keys), a handle's attribute in microseconds. A
 * handle is checked on use (its CKA_ID read back), so an object another process destroyed, a reused handle, or a
 * key another process made is read again. It holds for one session: dropping the session clears it.
 */
export type ObjectIndex = {
  handles: Map<string, Handle | 'repeated'>;
  /** The object classes read into handles this session. */
  indexed: Set<number>;
};

export const emptyIndex = (): ObjectIndex => ({ handles: new Map(), indexed: new Set() });

export function clearIndex(index: ObjectIndex): void {
  index.handles.clear();
  index.indexed.clear();
}

/** The keystore's session with the index of its token's objects: finding, naming and making keys there. */
export type Pkcs11Token = ReturnType<typeof tokenObjects>;

export function tokenObjects(session: TokenSession, { handles, indexed }: ObjectIndex) {
  const { p11, tokenLabel } = session;

  const attribute = (s: Handle, object: Handle, type: number): Buffer => p11.C_GetAttributeValue(s, object, [{ type }])[0]?.value ?? Buffer.alloc(0);

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

  /** The CKA_ID a key's reference names, checked to be this key on this token. */
  const idOf = (key: KeyHandle | KeyPairHandle): Buffer => {
    const separator = key.ref.lastIndexOf(':');
    const [scheme, label, id] = [key.ref.slice(0, 'pkcs11:'.length), key.ref.slice('pkcs11:'.length, separator), key.ref.slice(separator + 1)];
    if (scheme !== 'pkcs11:' || label !== tokenLabel || id !== Buffer.from(key.id, 'utf8').toString('hex')) {
      throw new Error(`Key ${key.id}: its reference ${key.ref} is not this key on the HSM token ${tokenLabel}`);
    }
    return Buffer.from(id, 'hex');
  };

  /** The one object of the class with the key's id, or why there is none. */
  const findKeyObject = (s: Handle, key: KeyHandle | KeyPairHandle, objectClass: number): Handle => {
    const found = findOne(s, idOf(key), objectClass);
    if (found.length !== 1) throw new Error(found.length ? `Key ${key.id} is on the HSM token more than once` : `Key ${key.id} is not on the HSM token ${tokenLabel}`);
    return found[0]!;
  };

  return {
    session,
    p11,
    tokenLabel,
    attribute,
    findObjects,
    findKeyObject,
    idOf,
    /** A key this keystore just made goes into the index, so its first use needs no search. */
    remember(key: { id: string }, objectClass: number, object: Handle): void {
      handles.set(`${objectClass}:${Buffer.from(key.id, 'utf8').toString('hex')}`, object);
    },
    /** Forgets every object with the id (a key destroyed). */
    forget(id: Buffer): void {
      for (const cacheKey of [...handles.keys()]) if (cacheKey.endsWith(`:${id.toString('hex')}`)) handles.delete(cacheKey);
    },
    /** Makes a key that is not on the token yet and answers its reference (pkcs11:label:hex id) with what make answered. */
    create<T = void>(key: { id: string }, make: (s: Handle) => T): { ref: string; made: T } {
      if (!key.id) throw new Error('A key needs an id');
      return session.run((s) => {
        if (onToken(s, Buffer.from(key.id, 'utf8'))) throw new Error(`Key ${key.id} is already on the HSM token ${tokenLabel}`);
        const made = make(s);
        return { ref: `pkcs11:${tokenLabel}:${Buffer.from(key.id, 'utf8').toString('hex')}`, made };
      });
    },
  };
}
