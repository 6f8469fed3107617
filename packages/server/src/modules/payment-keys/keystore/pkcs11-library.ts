import pkcs11js from 'pkcs11js';
import type { PKCS11 } from 'pkcs11js';

/** A PKCS#11 handle (slot, session or object), as pkcs11js passes it. */
export type Handle = Buffer;

/** Return values that mean the token (or our session on it) went away: the next call opens a new session. */
export const GONE = new Set([
  pkcs11js.CKR_TOKEN_NOT_PRESENT, pkcs11js.CKR_TOKEN_NOT_RECOGNIZED, pkcs11js.CKR_DEVICE_REMOVED, pkcs11js.CKR_DEVICE_ERROR,
  pkcs11js.CKR_SESSION_HANDLE_INVALID, pkcs11js.CKR_SESSION_CLOSED, pkcs11js.CKR_SLOT_ID_INVALID, pkcs11js.CKR_CRYPTOKI_NOT_INITIALIZED,
  pkcs11js.CKR_USER_NOT_LOGGED_IN,
]);

export type Library = { module: PKCS11; users: number };

/**
 * One loaded PKCS#11 library per path in this process: C_Initialize and C_Finalize are process-wide, so keystores
 * on one library share it and the last one to close finalizes it.
 */
const libraries = new Map<string, Library>();

export function acquireLibrary(path: string): Library {
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

export function releaseLibrary(path: string): void {
  const library = libraries.get(path);
  if (!library || --library.users > 0) return;
  libraries.delete(path);
  ignoringErrors(() => library.module.C_Finalize());
  ignoringErrors(() => library.module.close());
}

export function initialize(module: PKCS11): void {
  try {
    module.C_Initialize();
  } catch (error) {
    if (returnValue(error) !== pkcs11js.CKR_CRYPTOKI_ALREADY_INITIALIZED) throw error;
  }
}

/** The PKCS#11 return value (CKR_*) of a failed call, if it was one. */
export function returnValue(error: unknown): number | undefined {
  return error instanceof pkcs11js.Pkcs11Error ? error.code : undefined;
}

export function ignoringErrors(work: () => void): void {
  try {
    work();
  } catch {
    // Already gone.
  }
}
