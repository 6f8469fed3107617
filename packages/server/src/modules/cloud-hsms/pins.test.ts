import { describe, expect, it } from 'vitest';
import { PIN_LENGTH, generatePin, pinContext } from './pins.ts';

describe('generated PINs', () => {
  it('are at least 16 letters and digits, none read alike, and differ every time', () => {
    const pins = Array.from({ length: 200 }, () => generatePin());
    expect(PIN_LENGTH).toBeGreaterThanOrEqual(12);
    for (const pin of pins) expect(pin).toMatch(/^[A-HJ-NP-Za-km-z2-9]{16}$/);
    expect(new Set(pins).size).toBe(pins.length);
  });

  it('are as long as the blueprint asks when it asks for more', () => {
    expect(generatePin({ min_pin_length: 40 })).toHaveLength(40);
    expect(generatePin({ min_pin_length: 8 })).toHaveLength(PIN_LENGTH);
  });

  it('are sealed for one HSM and one role', () => {
    expect(pinContext('a', 'so')).not.toBe(pinContext('a', 'user'));
    expect(pinContext('a', 'user')).not.toBe(pinContext('b', 'user'));
  });
});
