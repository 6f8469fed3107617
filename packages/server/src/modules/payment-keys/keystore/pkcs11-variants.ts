import pkcs11js from 'pkcs11js';
import { KEY_BYTES, KeystoreUnsupportedError, isTdes, type KeyHandle } from '../../../platform/keystore.ts';
import { withClear } from './pkcs11-key-export.ts';
import type { Pkcs11Token } from './pkcs11-objects.ts';
import { encryptWith, findKey, KEY_TYPE } from './pkcs11-secret-keys.ts';

const { CKA_CLASS, CKA_ENCRYPT, CKA_EXTRACTABLE, CKA_KEY_TYPE, CKA_PRIVATE, CKA_SENSITIVE, CKA_TOKEN, CKA_VALUE, CKO_SECRET_KEY } = pkcs11js;

/** A variant is made from the key's value here (see encryptEcb), so only an exportable key takes one. */
export const canApplyVariant = (key: KeyHandle): boolean => key.exportable;

/** ECB encryption of whole blocks under the key, or under the key XOR a variant of its length. */
export async function encryptEcb(token: Pkcs11Token, key: KeyHandle, data: Buffer, variant?: Buffer): Promise<Buffer> {
  const { p11, session, tokenLabel } = token;
  const block = isTdes(key.algorithm) ? 8 : 16;
  if (data.length === 0 || data.length % block !== 0) throw new Error(`ECB data must be whole ${block}-byte blocks`);
  if (!variant) return session.run((s) => encryptWith(token, s, key.algorithm, findKey(token, s, key), data));
  if (variant.length !== KEY_BYTES[key.algorithm]) throw new Error(`A variant of key ${key.id} must have its length`);
  // CKM_XOR_BASE_AND_DATA would derive the variant on the token, but SoftHSM2 lacks it and pkcs11js cannot pass
  // its parameter (a pointer): an exportable key's variant is made here and used as a session object.
  if (!canApplyVariant(key)) {
    throw new KeystoreUnsupportedError(`The HSM token ${tokenLabel} cannot apply a variant to key ${key.id}, which is not exportable`);
  }
  return withClear(token, key, (clear) => {
    for (let i = 0; i < clear.length; i++) clear[i]! ^= variant[i]!;
    return session.run((s) => {
      const object = p11.C_CreateObject(s, [
        { type: CKA_CLASS, value: CKO_SECRET_KEY }, { type: CKA_KEY_TYPE, value: KEY_TYPE[key.algorithm] }, { type: CKA_TOKEN, value: false },
        { type: CKA_PRIVATE, value: true }, { type: CKA_SENSITIVE, value: true }, { type: CKA_EXTRACTABLE, value: false },
        { type: CKA_ENCRYPT, value: true }, { type: CKA_VALUE, value: clear },
      ]);
      try {
        return encryptWith(token, s, key.algorithm, object, data);
      } finally {
        p11.C_DestroyObject(s, object);
      }
    });
  });
}
