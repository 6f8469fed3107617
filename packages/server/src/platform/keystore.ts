import type { KeyPairAlgorithm } from '@keydeck/contract/certificates';
import type { KeyAlgorithm } from '@keydeck/contract/payment-keys';

/** The symmetric key algorithms the keystore holds and their lengths are the contract's. */
export { KEY_ALGORITHMS, KEY_BYTES, isTdes, type KeyAlgorithm } from '@keydeck/contract/payment-keys';
/** So are the key pairs it generates (CA keys). */
export { KEY_PAIR_ALGORITHMS, type KeyPairAlgorithm } from '@keydeck/contract/certificates';

/**
 * Which key an operation is on: its id is bound to its stored form (associated data of the seal, the token
 * object's CKA_ID), so a stored key cannot be swapped for another one's.
 */
export type KeyHandle = {
  id: string;
  algorithm: KeyAlgorithm;
  exportable: boolean;
  /** What the keystore stored for it: a sealed blob (software) or the token object's reference (PKCS#11). */
  ref: string;
};

/**
 * A private key (of a key pair the keystore generated) an operation is on: as for symmetric keys, its id is bound
 * to its stored form. A private key never leaves the keystore: there is no withClear for it.
 */
export type KeyPairHandle = {
  id: string;
  algorithm: KeyPairAlgorithm;
  ref: string;
};

export type DigestAlgorithm = 'SHA-256' | 'SHA-384';

/** What a key pair algorithm is: an RSA modulus length, or an EC named curve with its field size in bytes. */
export const KEY_PAIR_SPECS: Record<KeyPairAlgorithm, { type: 'rsa'; bits: number } | { type: 'ec'; curve: 'P-256' | 'P-384'; bytes: number }> = {
  RSA_2048: { type: 'rsa', bits: 2048 },
  RSA_3072: { type: 'rsa', bits: 3072 },
  RSA_4096: { type: 'rsa', bits: 4096 },
  EC_P256: { type: 'ec', curve: 'P-256', bytes: 32 },
  EC_P384: { type: 'ec', curve: 'P-384', bytes: 48 },
};

export const isKeyPair = (key: KeyHandle | KeyPairHandle): key is KeyPairHandle => key.algorithm in KEY_PAIR_SPECS;

/**
 * Where key material lives. Callers never see a key's value except through withClear, for one operation on an
 * exportable key; everything else (check values, key-block key derivation, DUKPT) runs as block operations
 * the keystore performs with the key.
 */
export interface Keystore {
  readonly kind: 'software' | 'pkcs11';
  /** A fresh random key; returns the reference to store (ref). */
  generate(key: Omit<KeyHandle, 'ref'>): Promise<string>;
  /** A key whose value arrived from outside (combined components, an unwrapped key block); clear is zeroed once stored. */
  importClear(key: Omit<KeyHandle, 'ref'>, clear: Buffer): Promise<string>;
  /**
   * Encrypts whole blocks in ECB mode under the key (TDES for TDES keys, AES for AES keys). variant, when
   * given, is XORed onto the key first (DUKPT's C0C0 variant); it has the key's length.
   */
  encryptEcb(key: KeyHandle, data: Buffer, variant?: Buffer): Promise<Buffer>;
  /**
   * Whether encryptEcb can apply a variant to the key: a token without a XOR derivation can only for an exportable
   * key. Asked before a setup that will need it (TDES DUKPT), so it is refused when made, not at every later use.
   */
  canApplyVariant(key: KeyHandle): boolean;
  /** CMAC (NIST SP 800-38B) under the key: 8 bytes for TDES, 16 for AES. */
  cmac(key: KeyHandle, data: Buffer): Promise<Buffer>;
  /**
   * Runs work with the key's clear value, only for an exportable key; the buffer is zeroed when work settles.
   * Throws KeyNotExportableError otherwise.
   */
  withClear<T>(key: KeyHandle, work: (clear: Buffer) => T | Promise<T>): Promise<T>;
  /** A fresh key pair; returns the reference to store (ref) and the public key as DER SubjectPublicKeyInfo. */
  generateKeyPair(key: Omit<KeyPairHandle, 'ref'>): Promise<{ ref: string; publicKeySpki: Buffer }>;
  /**
   * Signs data with the private key, hashing it with digest: RSA keys sign PKCS#1 v1.5 (RSASSA-PKCS1-v1_5, as
   * many bytes as the modulus); EC keys sign ECDSA and answer r||s raw (IEEE P1363, WebCrypto's and PKCS#11's
   * form, each half the curve's size), which X.509 wraps as a DER ECDSA-Sig-Value (the certificate library does).
   */
  sign(key: KeyPairHandle, digest: DigestAlgorithm, data: Buffer): Promise<Buffer>;
  /** Destroys the key's material (a token object, or nothing for a sealed blob: its row goes). */
  destroy(key: KeyHandle | KeyPairHandle): Promise<void>;
  close(): Promise<void>;
}

export class KeyNotExportableError extends Error {
  constructor(id: string) {
    super(`Key ${id} is not exportable`);
  }
}

/** The keystore cannot be reached (a token that went away): nothing was changed. */
export class KeystoreUnavailableError extends Error {}

/** The keystore cannot do this with this key (a token without the mechanism it needs): nothing was changed. */
export class KeystoreUnsupportedError extends Error {}
