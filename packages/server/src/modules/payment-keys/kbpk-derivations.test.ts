import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cmac } from './crypto/cmac.ts';
import { unwrapTr31, wrapTr31, type KbpkOps } from './crypto/tr31.ts';
import { withKeptDerivation } from './kbpk-derivations.ts';

afterEach(() => vi.useRealTimers());

/** A TDES triple-length KBPK held in the clear, counting the CMACs the keystore is asked for. */
function countingKbpk(key = randomBytes(24)) {
  const calls = { cmac: 0 };
  const ops: KbpkOps = {
    algorithm: 'TDES_3KEY',
    cmac: async (data) => {
      calls.cmac++;
      return cmac('TDES_3KEY', key, data);
    },
  };
  return { key, ops, calls };
}

const header = { usage: 'P0', algorithm: 'T', modeOfUse: 'E', keyVersion: '00', exportability: 'E' } as const;

describe('KBPK derivations kept for a run of key blocks', () => {
  it('derives a KBPK’s keys with the keystore once for many blocks, each block as without keeping them', async () => {
    const kbpk = countingKbpk();
    const kept = withKeptDerivation(kbpk.ops, `kbpk ${randomBytes(4).toString('hex')}`);
    const keys = Array.from({ length: 5 }, () => randomBytes(16));
    const blocks = await Promise.all(keys.map((key) => wrapTr31(kept, header, key)));
    // Triple-length TDES: three CMAC outputs for the KBEK and three for the KBAK, once.
    expect(kbpk.calls.cmac).toBe(6);
    for (const [i, block] of blocks.entries()) {
      const plain = { algorithm: 'TDES_3KEY' as const, cmac: async (data: Buffer) => cmac('TDES_3KEY', kbpk.key, data) };
      expect((await unwrapTr31(plain, block)).key).toEqual(keys[i]);
    }
    // The copies handed out are zeroed by the wrap; what is kept still works.
    expect((await unwrapTr31(kept, blocks[0]!)).key).toEqual(keys[0]);
    expect(kbpk.calls.cmac).toBe(6);
  });

  it('keeps a KBPK’s keys for a minute at most, and a different key object apart', async () => {
    vi.useFakeTimers();
    const kbpk = countingKbpk();
    const identity = `kbpk ${randomBytes(4).toString('hex')}`;
    await wrapTr31(withKeptDerivation(kbpk.ops, identity), header, randomBytes(16));
    vi.advanceTimersByTime(59_000);
    await wrapTr31(withKeptDerivation(kbpk.ops, identity), header, randomBytes(16));
    expect(kbpk.calls.cmac).toBe(6);
    vi.advanceTimersByTime(2_000);
    await wrapTr31(withKeptDerivation(kbpk.ops, identity), header, randomBytes(16));
    expect(kbpk.calls.cmac).toBe(12);

    const other = countingKbpk();
    const block = await wrapTr31(withKeptDerivation(other.ops, `${identity} other`), header, randomBytes(16));
    expect(other.calls.cmac).toBe(6);
    await expect(unwrapTr31(withKeptDerivation(kbpk.ops, identity), block)).rejects.toThrow('Key block MAC does not verify');
  });

  it('keeps nothing when the keystore fails: the next block asks it again', async () => {
    const kbpk = countingKbpk();
    let down = true;
    const flaky: KbpkOps = { ...kbpk.ops, cmac: async (data) => (down ? Promise.reject(new Error('keystore unavailable')) : kbpk.ops.cmac(data)) };
    const identity = `kbpk ${randomBytes(4).toString('hex')}`;
    await expect(wrapTr31(withKeptDerivation(flaky, identity), header, randomBytes(16))).rejects.toThrow('keystore unavailable');
    down = false;
    await wrapTr31(withKeptDerivation(flaky, identity), header, randomBytes(16));
    expect(kbpk.calls.cmac).toBe(6);
  });
});
