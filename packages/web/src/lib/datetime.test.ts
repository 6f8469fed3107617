import { describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso } from './datetime';

describe('datetime-local conversion', () => {
  it('turns a local input value into ISO with the local offset, denoting the same instant', () => {
    const iso = localInputToIso('2025-03-01T14:30');
    expect(iso).toMatch(/^2025-03-01T14:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso!).getTime()).toBe(new Date('2025-03-01T14:30').getTime());
  });

  it('round-trips through the input format', () => {
    expect(isoToLocalInput(localInputToIso('2024-12-31T23:59'))).toBe('2024-12-31T23:59');
  });

  it('rejects what is not a datetime-local value', () => {
    expect(localInputToIso('')).toBeUndefined();
    expect(localInputToIso('yesterday')).toBeUndefined();
    expect(isoToLocalInput('nonsense')).toBe('');
  });
});
