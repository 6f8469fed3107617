import type { KeyAlgorithm } from '@keydeck/contract/payment-keys';

/** The symmetric key algorithms the keystore holds and their lengths are the contract's. */
export { KEY_ALGORITHMS, KEY_BYTES, isTdes, type KeyAlgorithm } from '@keydeck/contract/payment-keys';

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
  /** CMAC (NIST SP 800-38B) under the key: 8 bytes for TDES, 16 for AES. */
  cmac(key: KeyHandle, data: Buffer): Promise<Buffer>;
  /**
   * Runs work with the key's clear value, only for an exportable key; the buffer is zeroed when work settles.
   * Throws KeyNotExportableError otherwise.
   */
  withClear<T>(key: KeyHandle, work: (clear: Buffer) => T | Promise<T>): Promise<T>;
  /** Destroys the key's material (a token object, or nothing for a sealed blob: its row goes). */
  destroy(key: KeyHandle): Promise<void>;
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
