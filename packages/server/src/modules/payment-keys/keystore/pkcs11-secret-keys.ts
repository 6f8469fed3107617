import pkcs11js from 'pkcs11js';
import type { Template } from 'pkcs11js';
import { KEY_BYTES, isTdes, type KeyAlgorithm, type KeyHandle } from '../../../platform/keystore.ts';
import type { Handle } from './pkcs11-library.ts';
import type { Pkcs11Token } from './pkcs11-objects.ts';

const {
  CKA_CLASS, CKA_DECRYPT, CKA_DERIVE, CKA_ENCRYPT, CKA_EXTRACTABLE, CKA_ID, CKA_KEY_TYPE, CKA_LABEL, CKA_PRIVATE, CKA_SENSITIVE,
  CKA_SIGN, CKA_TOKEN, CKA_UNWRAP, CKA_VALUE, CKA_VALUE_LEN, CKA_VERIFY, CKA_WRAP,
  CKK_AES, CKK_DES2, CKK_DES3, CKO_SECRET_KEY,
  CKM_AES_CMAC, CKM_AES_ECB, CKM_AES_KEY_GEN, CKM_DES2_KEY_GEN, CKM_DES3_CMAC, CKM_DES3_ECB, CKM_DES3_KEY_GEN,
} = pkcs11js;

type KeyIdentity = Omit<KeyHandle, 'ref'>;

export const KEY_TYPE: Record<KeyAlgorithm, number> = { TDES_2KEY: CKK_DES2, TDES_3KEY: CKK_DES3, AES_128: CKK_AES, AES_192: CKK_AES, AES_256: CKK_AES };
const KEY_GEN: Record<KeyAlgorithm, number> = {
  TDES_2KEY: CKM_DES2_KEY_GEN, TDES_3KEY: CKM_DES3_KEY_GEN, AES_128: CKM_AES_KEY_GEN, AES_192: CKM_AES_KEY_GEN, AES_256: CKM_AES_KEY_GEN,
};

/** A symmetric key on the token: sensitive, extractable only when exportable, and good for encrypting and MACs only. */
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

/** The key's object on the token, checked to be of the handle's algorithm (and length). */
export function findKey(token: Pkcs11Token, s: Handle, key: KeyHandle): Handle {
  const object = token.findKeyObject(s, key, CKO_SECRET_KEY);
  const number = (attribute: number) => {
    const value = token.p11.C_GetAttributeValue(s, object, [{ type: attribute }])[0]?.value ?? Buffer.alloc(0);
    return value.length ? value.readUIntLE(0, Math.min(value.length, 6)) : -1;
  };
  if (number(CKA_KEY_TYPE) !== KEY_TYPE[key.algorithm] || (!isTdes(key.algorithm) && number(CKA_VALUE_LEN) !== KEY_BYTES[key.algorithm])) {
    throw new Error(`Key ${key.id} on the HSM token is not a ${key.algorithm} key`);
  }
  return object;
}

/** ECB encryption of whole blocks under a key object (DES3 for TDES keys). */
export function encryptWith(token: Pkcs11Token, s: Handle, algorithm: KeyAlgorithm, object: Handle, data: Buffer): Buffer {
  token.p11.C_EncryptInit(s, { mechanism: isTdes(algorithm) ? CKM_DES3_ECB : CKM_AES_ECB }, object);
  return Buffer.from(token.p11.C_Encrypt(s, data, Buffer.alloc(data.length)));
}

/** Generates the key on the token; answers its reference. */
export function generateSecretKey(token: Pkcs11Token, key: KeyIdentity): string {
  const template = keyTemplate(key);
  if (!isTdes(key.algorithm)) template.push({ type: CKA_VALUE_LEN, value: KEY_BYTES[key.algorithm] });
  return token.create(key, (s) => token.remember(key, CKO_SECRET_KEY, token.p11.C_GenerateKey(s, { mechanism: KEY_GEN[key.algorithm] }, template))).ref;
}

/** Puts a key's clear value on the token (zeroing it here); answers its reference. */
export function importSecretKey(token: Pkcs11Token, key: KeyIdentity, clear: Buffer): string {
  try {
    if (clear.length !== KEY_BYTES[key.algorithm]) throw new Error(`Key ${key.id}: a ${key.algorithm} key has ${KEY_BYTES[key.algorithm]} bytes`);
    return token.create(key, (s) => token.remember(key, CKO_SECRET_KEY, token.p11.C_CreateObject(s, [...keyTemplate(key), { type: CKA_VALUE, value: clear }]))).ref;
  } finally {
    clear.fill(0);
  }
}

export function cmac(token: Pkcs11Token, key: KeyHandle, data: Buffer): Buffer {
  return token.session.run((s) => {
    token.p11.C_SignInit(s, { mechanism: isTdes(key.algorithm) ? CKM_DES3_CMAC : CKM_AES_CMAC }, findKey(token, s, key));
    return Buffer.from(token.p11.C_Sign(s, data, Buffer.alloc(16)));
  });
}
