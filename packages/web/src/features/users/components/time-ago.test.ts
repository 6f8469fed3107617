import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './time-ago';

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
