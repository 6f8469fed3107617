/**
 * What went wrong on a SoftHSM2 partition, by kind, so the caller can tell a wrong PIN from a token that is gone.
 * The message names the partition, token or key label and the PKCS#11 return value, never a PIN or a key value.
 */
export type SoftHsm2ErrorCode =
  /** C_Login refused the PIN (CKR_PIN_INCORRECT). */
  | 'pin_incorrect'
  /** Too many wrong PINs (CKR_PIN_LOCKED). */
  | 'pin_locked'
  /** The token refused a new PIN as too short, too long or malformed. */
  | 'pin_invalid'
  /** The partition holds no initialised token (never created, or destroyed). */
  | 'no_token'
  /** The partition already holds something else (another token label), or a key is on it twice. */
  | 'conflict'
  /** A key to export is not on the token. */
  | 'key_not_found'
  /** A key to export is not extractable (CKA_EXTRACTABLE false): it cannot leave its token. */
  | 'not_extractable'
  /** A request the driver refuses before any token call (a bad label, hsmId, cluster key or attribute name). */
  | 'bad_request'
  /** A backup that is malformed, damaged or names a path outside the token directory. */
  | 'bad_backup'
  /** The token worker did not answer in time and was killed. */
  | 'timeout'
  /** Any other PKCS#11 failure (the message names the function and its CKR_ value). */
  | 'pkcs11'
  /** The token worker failed to start or answered nothing readable. */
  | 'worker';

export class SoftHsm2Error extends Error {
  readonly code: SoftHsm2ErrorCode;

  constructor(code: SoftHsm2ErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SoftHsm2Error';
    this.code = code;
  }
}
