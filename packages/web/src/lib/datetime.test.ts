import { describe, expect, it } from 'vitest';
import { formatTimeAgo, isoToLocalInput, localInputToIso } from './datetime';

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

const NOW = Date.parse('2025-06-01T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('formatTimeAgo', () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(formatTimeAgo(ago(5), NOW)).toBe(new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }).format(0, 'second'));
    expect(formatTimeAgo(ago(5 * 60), NOW)).toBe(new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }).format(-5, 'minute'));
    expect(formatTimeAgo(ago(3 * 3600), NOW)).toBe(new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }).format(-3, 'hour'));
    expect(formatTimeAgo(ago(2 * 86_400), NOW)).toBe(new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }).format(-2, 'day'));
  });

  it('gives back text it cannot read as a time', () => {
    expect(formatTimeAgo('not a time', NOW)).toBe('not a time');
  });
});
