import { deriveTr31Keys, type KbpkOps, type Tr31Keys } from './crypto/tr31.ts';

/**
 * The KBEK and KBAK of recently used KBPKs, so that a run of key blocks under one KBPK (an export, a terminal
 * batch, an import file) derives them once instead of with six keystore CMACs a block. Each is kept for at most
 * KEPT_MS from its derivation, then zeroed; at most MAX_KEPT are kept. Both are in process memory during every
 * wrap anyway: keeping them is a bounded lengthening of that, never a KBPK leaving its keystore.
 */
const KEPT_MS = 60_000;
const MAX_KEPT = 64;

/** By identity: the derivation, shared by the calls that come while it runs, and its expiry. */
const kept = new Map<string, { keys: Promise<Tr31Keys>; timer: NodeJS.Timeout }>();

function forget(identity: string): void {
  const entry = kept.get(identity);
  if (!entry) return;
  clearTimeout(entry.timer);
  kept.delete(identity);
  void entry.keys.then(({ kbek, kbak }) => [kbek, kbak].forEach((key) => key.fill(0)), () => undefined);
}

/** The KBPK's operations, deriving its keys once per KEPT_MS; `identity` names the key and its keystore object. */
export function withKeptDerivation(kbpk: KbpkOps, identity: string): KbpkOps {
  return {
    ...kbpk,
    derivedKeys: async () => {
      let entry = kept.get(identity);
      if (!entry) {
        if (kept.size >= MAX_KEPT) forget(kept.keys().next().value!);
        const keys = deriveTr31Keys(kbpk);
        entry = { keys, timer: setTimeout(() => forget(identity), KEPT_MS).unref() };
        kept.set(identity, entry);
        // A derivation that failed (the keystore is down) is not kept: the next call tries again.
        keys.catch(() => kept.get(identity) === entry && forget(identity));
      }
      const { kbek, kbak } = await entry.keys;
      return { kbek: Buffer.from(kbek), kbak: Buffer.from(kbak) };
    },
  };
}
