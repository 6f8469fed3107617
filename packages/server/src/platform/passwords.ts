import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id; its const enum cannot be imported under isolated modules. */
const ARGON2ID = 2;

/** argon2id with the library's defaults (19 MiB, 2 passes), OWASP's minimum recommendation. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

let decoy: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. When there is no user, a decoy hash is verified instead,
 * so an unknown username takes as long as a wrong password.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  decoy ??= hashPassword('decoy password that no account has');
  const target = storedHash ?? (await decoy);
  const matches = await verify(target, password).catch(() => false);
  return storedHash !== undefined && matches;
}
