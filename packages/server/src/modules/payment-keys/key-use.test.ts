import { Messages } from '@keydeck/contract/messages';
import { describe, expect, it } from 'vitest';
import { assertKeyUse, assertNotWrappedUnderItself, type KeyUse, type KeyUseRefusal } from './key-use.ts';

const key = (usage: string, mode_of_use: string) => ({ name: 'k', usage, mode_of_use });

describe('which key may serve which use', () => {
  it.each([
    ['wrap', 'K1', ['B', 'E', 'N'], ['D', 'X', 'C']],
    ['unwrap', 'K1', ['B', 'D', 'N'], ['E', 'X', 'C']],
    ['derive', 'B0', ['X', 'N'], ['B', 'E', 'D']],
  ] as [KeyUse, string, string[], string[]][])('%s: usage %s with modes %j, not %j', (use, usage, allowed, refused) => {
    for (const mode of allowed) expect(() => assertKeyUse(key(usage, mode), use)).not.toThrow();
    for (const mode of refused) expect(() => assertKeyUse(key(usage, mode), use)).toThrow(Messages.keyUseRefused('k', usage, mode, use));
  });

  it('refuses every other usage, a K0 key block protection key included', () => {
    expect(() => assertKeyUse(key('K0', 'B'), 'wrap')).toThrow(Messages.keyNotKbpk('k'));
    expect(() => assertKeyUse(key('K0', 'N'), 'unwrap')).toThrow(Messages.keyNotKbpk('k'));
    expect(() => assertKeyUse(key('B1', 'X'), 'derive')).toThrow(Messages.keyUseRefused('k', 'B1', 'X', 'derive'));
  });

  it('says which key of the request a refusal is about', () => {
    const refusal = (work: () => void) => {
      try {
        work();
      } catch (error) {
        return (error as KeyUseRefusal).role;
      }
    };
    expect(refusal(() => assertKeyUse(key('K1', 'D'), 'wrap'))).toBe('kbpk');
    expect(refusal(() => assertKeyUse(key('B0', 'B'), 'derive'))).toBe('key');
    expect(refusal(() => assertNotWrappedUnderItself({ material_id: 'm', name: 'k' }, { material_id: 'm' }))).toBe('kbpk');
    expect(refusal(() => assertNotWrappedUnderItself({ material_id: 'm', name: 'k' }, { material_id: 'n' }))).toBeUndefined();
  });
});
