import { createDecipheriv, randomBytes } from 'node:crypto';
import pkcs11js from 'pkcs11js';
import { KEY_BYTES, KeyNotExportableError, type KeyHandle } from '../../../platform/keystore.ts';
import type { Handle } from './pkcs11-library.ts';
import type { Pkcs11Token } from './pkcs11-objects.ts';
import { findKey } from './pkcs11-secret-keys.ts';

const { CKA_CLASS, CKA_EXTRACTABLE, CKA_KEY_TYPE, CKA_PRIVATE, CKA_SENSITIVE, CKA_TOKEN, CKA_VALUE, CKA_WRAP, CKK_AES, CKO_SECRET_KEY, CKM_AES_KEY_WRAP_PAD } = pkcs11js;

/** RFC 5649's alternative initial value (AES key wrap with padding). */
const WRAP_PAD_IV = Buffer.from('a65959a6', 'hex');

/** The key's value, wrapped on the token under a session key we made and unwrapped here; the caller zeroes it. */
function extract(token: Pkcs11Token, s: Handle, key: KeyHandle): Buffer {
  const { p11 } = token;
  const object = findKey(token, s, key);
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
}

/** An exportable key's value for one piece of work, zeroed after it. */
export async function withClear<T>(token: Pkcs11Token, key: KeyHandle, work: (clear: Buffer) => T | Promise<T>): Promise<T> {
  if (!key.exportable) throw new KeyNotExportableError(key.id);
  const clear = token.session.run((s) => extract(token, s, key));
  try {
    return await work(clear);
  } finally {
    clear.fill(0);
  }
}
