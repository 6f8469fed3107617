import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KEY_ALGORITHMS, KEY_BYTES } from '../../../platform/keystore.ts';
import { combineComponents, hasOddParity, parseKeyHex } from './components.ts';

const h = (hex: string): Buffer => Buffer.from(hex, 'hex');

describe('combineComponents', () => {
  it('XORs two components', () => {
    expect(combineComponents([h('F0F0F0F0F0F0F0F00123456789ABCDEF'), h('0F0F0F0F0F0F0F0FFEDCBA9876543210')]).toString('hex').toUpperCase())
      .toBe('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF');
  });

  it('XORs three components', () => {
    expect(combineComponents([h('01010101'), h('02020202'), h('0408102F')]).toString('hex').toUpperCase()).toBe('070B132C');
  });

  it('gives back a key any one component alone says nothing about: the others restore it', () => {
    const key = randomBytes(24);
    const first = randomBytes(24);
    const second = randomBytes(24);
    const third = Buffer.from(key.map((byte, i) => byte ^ first[i]! ^ second[i]!));
    expect(combineComponents([first, second, third]).equals(key)).toBe(true);
  });

  it.each([0, 1, 4])('refuses %i components', (count) => {
    const components = Array.from({ length: count }, () => randomBytes(16));
    expect(() => combineComponents(components)).toThrow(`A key is combined from 2 or 3 components, not ${count}`);
  });

  it('refuses components of different lengths', () => {
    expect(() => combineComponents([randomBytes(16), randomBytes(24)])).toThrow('Key components must all have the same length (16, 24 bytes)');
  });

  it('refuses empty components', () => {
    expect(() => combineComponents([Buffer.alloc(0), Buffer.alloc(0)])).toThrow('A key component cannot be empty');
  });

  it('refuses components that cancel out', () => {
    const component = randomBytes(16);
    expect(() => combineComponents([component, Buffer.from(component)])).toThrow('The components combine to an all-zero key');
  });
});

describe('parseKeyHex', () => {
  it('reads hex with spaces, in either case', () => {
    const { key } = parseKeyHex('0123 4567 89ab cdef FEDC BA98 7654 3210', 'TDES_2KEY');
    expect(key.toString('hex').toUpperCase()).toBe('0123456789ABCDEFFEDCBA9876543210');
  });

  it.each(KEY_ALGORITHMS)('takes exactly the length of a %s key', (algorithm) => {
    const hex = randomBytes(KEY_BYTES[algorithm]).toString('hex');
    expect(parseKeyHex(hex, algorithm).key.toString('hex')).toBe(hex);
    expect(() => parseKeyHex(hex.slice(2), algorithm)).toThrow(
      `${algorithm} keys are ${KEY_BYTES[algorithm] * 2} hex digits (${KEY_BYTES[algorithm]} bytes), not ${hex.length - 2}`,
    );
    expect(() => parseKeyHex(`${hex}0`, algorithm)).toThrow(`not ${hex.length + 1}`);
  });

  it('refuses a character that is not hex, naming it', () => {
    expect(() => parseKeyHex('0123456789ABCDEFFEDCBA987654321G', 'TDES_2KEY')).toThrow("'G' is not a hex digit");
    expect(() => parseKeyHex('0x0123456789ABCDEFFEDCBA98765432', 'TDES_2KEY')).toThrow("'x' is not a hex digit");
  });

  it('reports odd parity of a TDES key without refusing an even-parity one', () => {
    // Every byte of 0123456789ABCDEFFEDCBA9876543210 has an odd number of 1 bits.
    expect(parseKeyHex('0123456789ABCDEFFEDCBA9876543210', 'TDES_2KEY').oddParity).toBe(true);
    const even = parseKeyHex('0023456789ABCDEFFEDCBA9876543210', 'TDES_2KEY');
    expect(even.oddParity).toBe(false);
    expect(even.key).toHaveLength(16);
  });

  it('has no parity to report for AES', () => {
    expect(parseKeyHex('0123456789ABCDEFFEDCBA9876543210', 'AES_128').oddParity).toBeNull();
  });
});

describe('hasOddParity', () => {
  it('checks every byte', () => {
    expect(hasOddParity(h('01020407'))).toBe(true);
    expect(hasOddParity(h('0102040F'))).toBe(false);
    expect(hasOddParity(h('FE'))).toBe(true);
    expect(hasOddParity(h('FF'))).toBe(false);
  });
});
