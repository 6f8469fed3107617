import { Messages } from '@keydeck/contract/messages';
import { KBPK_MODES, KEY_ALGORITHM_SHORT, isStrongerThan, type KeyAlgorithm, type KeyUsage, type ModeOfUse } from '@keydeck/contract/payment-keys';

/**
 * What a key is used for in an operation, and which TR-31 usage and modes of use (ASC X9.143 tables 6 and 7)
 * allow it: the one rule every key operation asks before it touches a key. Mode N is "no special restrictions
 * other than those implied by the key usage", so it allows whatever the usage does (a payShield exports K0/N,
 * B0/N and D0/N blocks). Computing a key's check value is not a use: it reveals nothing and every key has one.
 */
export type KeyUse = 'wrap' | 'unwrap' | 'derive';

const ALLOWED: Record<KeyUse, { usages: KeyUsage[]; modes: ModeOfUse[] }> = {
  wrap: { usages: ['K1'], modes: [...KBPK_MODES.wrap] },
  unwrap: { usages: ['K1'], modes: [...KBPK_MODES.unwrap] },
  derive: { usages: ['B0'], modes: ['X', 'N'] },
};

/** A key the rule refuses for a use, said in the catalogue's words; role tells which key of the request it is. */
export class KeyUseRefusal extends Error {
  constructor(message: string, readonly role: 'kbpk' | 'key') {
    super(message);
  }
}

export type UsedKey = { name: string; usage: string; mode_of_use: string };

export function assertKeyUse(key: UsedKey, use: KeyUse): void {
  const allowed = ALLOWED[use];
  if (!(allowed.usages as string[]).includes(key.usage) || !(allowed.modes as string[]).includes(key.mode_of_use)) {
    const message = use !== 'derive' && key.usage !== 'K1' ? Messages.keyNotKbpk(key.name) : Messages.keyUseRefused(key.name, key.usage, key.mode_of_use, use);
    throw new KeyUseRefusal(message, use === 'derive' ? 'key' : 'kbpk');
  }
}

/** A key wrapped under itself would travel under a key its receiver can only open with the key it carries. */
export function assertNotWrappedUnderItself(key: { material_id: string; name: string }, kbpk: { material_id: string }): void {
  if (key.material_id === kbpk.material_id) throw new KeyUseRefusal(Messages.keyWrappedUnderItself(key.name), 'kbpk');
}

type Algorithmic = { name: string; algorithm: string };

/**
 * X9.24's rule that no key travels under a weaker one, said with the names the screens use; `derivedFrom` names the
 * BDK when the wrapped key is a device's initial key derived from it.
 */
export function assertStrongEnough(key: Algorithmic, kbpk: Algorithmic, derivedFrom?: string): void {
  const keyAlgorithm = key.algorithm as KeyAlgorithm;
  const kbpkAlgorithm = kbpk.algorithm as KeyAlgorithm;
  if (!isStrongerThan(keyAlgorithm, kbpkAlgorithm)) return;
  const [kbpkName, keyName] = [KEY_ALGORITHM_SHORT[kbpkAlgorithm], KEY_ALGORITHM_SHORT[keyAlgorithm]];
  const message = derivedFrom === undefined ? Messages.kbpkTooWeak(kbpk.name, kbpkName, key.name, keyName) : Messages.kbpkTooWeakForInitialKey(kbpk.name, kbpkName, derivedFrom, keyName);
  throw new KeyUseRefusal(message, 'kbpk');
}

/**
 * Modes of use a key block may carry for a usage on import: what the form offers for new keys, and N, which
 * restricts the key to what its usage implies.
 */
export const importableMode = (modesForUsage: readonly string[], mode: string): boolean => mode === 'N' || modesForUsage.includes(mode);
