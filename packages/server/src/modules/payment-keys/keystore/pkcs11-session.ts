import pkcs11js from 'pkcs11js';
import type { PKCS11 } from 'pkcs11js';
import { KeystoreUnavailableError } from '../../../platform/keystore.ts';
import { acquireLibrary, GONE, ignoringErrors, initialize, releaseLibrary, returnValue, type Handle } from './pkcs11-library.ts';

export type Pkcs11Options = { library: string; tokenLabel: string; pin: string };

type Session = { slot: Handle; handle: Handle };

/** The keystore's logged-in session on its token, opened again after the token went away and came back. */
export type TokenSession = {
  readonly p11: PKCS11;
  readonly tokenLabel: string;
  /** Runs one operation on the session; any failure on a token that is gone becomes KeystoreUnavailableError. */
  run<T>(operation: (s: Handle) => T): T;
  /** Whether a session is open and its token no longer shows under its label. */
  tokenGone(): boolean;
  /** Logs out (the library's last keystore only), closes the session and releases the library; once. */
  close(): void;
};

/**
 * Opens a session on the token labelled options.tokenLabel and logs in; fails with KeystoreUnavailableError when the
 * token is not there. onDrop runs whenever the session is dropped (what was read under it no longer holds).
 */
export function openTokenSession(options: Pkcs11Options, onDrop: () => void): TokenSession {
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
    const handle = p11.C_OpenSession(slot, pkcs11js.CKF_SERIAL_SESSION | pkcs11js.CKF_RW_SESSION);
    try {
      p11.C_Login(handle, pkcs11js.CKU_USER, options.pin);
    } catch (error) {
      if (returnValue(error) !== pkcs11js.CKR_USER_ALREADY_LOGGED_IN) {
        ignoringErrors(() => p11.C_CloseSession(handle));
        if (GONE.has(returnValue(error) ?? 0)) throw unavailable(error);
        throw new Error(`Logging in to the HSM token ${tokenLabel} failed: ${(error as Error).message}`, { cause: error });
      }
    }
    return { slot, handle };
  };

  const tokenPresent = (s: Session): boolean => labelOf(s.slot) === tokenLabel;

  const drop = (s: Session): void => {
    onDrop();
    ignoringErrors(() => p11.C_CloseSession(s.handle));
    if (session === s) session = null;
  };

  try {
    session = open();
  } catch (error) {
    releaseLibrary(options.library);
    throw error instanceof KeystoreUnavailableError || !GONE.has(returnValue(error) ?? 0) ? error : unavailable(error);
  }

  return {
    p11,
    tokenLabel,
    run(operation) {
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
    },
    tokenGone: () => session !== null && !tokenPresent(session),
    close() {
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
