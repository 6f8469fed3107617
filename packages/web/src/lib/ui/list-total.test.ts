import { describe, expect, it } from 'vitest';
import { inexactTotal } from './list-total';

describe('inexactTotal', () => {
  it('says "about" an estimate, rounded to two digits, in millions from a million up', () => {
    expect(inexactTotal({ total: 1_234_567, total_capped: false, total_estimated: true })).toBe('about 1.2 million');
    expect(inexactTotal({ total: 1_000_000, total_capped: false, total_estimated: true })).toBe('about 1 million');
    expect(inexactTotal({ total: 82_480, total_capped: false, total_estimated: true })).toBe('about 82,000');
    expect(inexactTotal({ total: 101_733, total_capped: false, total_estimated: true })).toBe('about 100,000');
    expect(inexactTotal({ total: 1_500, total_capped: false, total_estimated: true })).toBe('about 1,500');
  });

  it('says "10,000+" where counting stopped at the cap, nothing for an exact count', () => {
    expect(inexactTotal({ total: 10_000, total_capped: true })).toBe('10,000+');
    expect(inexactTotal({ total: 23, total_capped: false })).toBeUndefined();
    expect(inexactTotal(undefined)).toBeUndefined();
  });
});
